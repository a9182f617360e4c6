import { CloseButton, Combobox, InputBase } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { renderFieldError } from '../form/FieldError';
import { useControlledField, type ControlledProps } from './controlled';
import { ADD_OPTION, EntryDropdown, SearchProgress, addableName, itemOfOption } from './EntryDropdown';
import type { SearchItems, SearchableItem } from './searchable-items';
import type { EntryHandlers } from './use-entry-actions';
import type { FieldProps } from './field-props';
import { IN_FLOW_DROPDOWN, useSearchableCombobox } from './use-searchable-combobox';

export interface SearchableSelectProps extends EntryHandlers, FieldProps {
  /** The chosen entry itself, not its id: the field only knows the entries a search returned. */
  value: SearchableItem | null;
  onChange: (item: SearchableItem | null) => void;
  search: SearchItems;
  /** Shows a 'Clear {label}' button while an entry is chosen. @default true */
  clearable?: boolean;
}

/**
 * A single-select dropdown that searches the server as the person types (debounced, SPEC §4), with
 * optional add, edit and delete of entries (SPEC §2).
 */
export function SearchableSelect({
  label,
  value,
  onChange,
  search,
  onAdd,
  onEdit,
  onDelete,
  placeholder,
  description,
  error,
  required,
  disabled,
  loading,
  clearable = true,
  id,
  name,
  onBlur,
  ref,
}: SearchableSelectProps) {
  // Entry actions finish after a server round trip, by when the person may have changed the choice.
  const latestValue = useRef(value);
  useEffect(() => {
    latestValue.current = value;
  }, [value]);

  const { combobox, itemSearch, actions, rootRef, onFocusOut, type, closeAndReturn, returnFocus } =
    useSearchableCombobox(
      search,
      { onAdd, onEdit, onDelete },
      {
        onAdded: (item) => {
          if (item) onChange(item);
        },
        onRenamed: (item) => {
          if (latestValue.current?.id === item.id) onChange(item);
        },
        onDeleted: (item) => {
          if (latestValue.current?.id === item.id) onChange(null);
        },
      },
      { closeOnAdd: true },
    );
  const selectedIds = useMemo(() => new Set(value ? [value.id] : []), [value]);

  const submit = (option: string) => {
    if (option === ADD_OPTION) {
      const newName = addableName(itemSearch.query, itemSearch.items);
      if (newName) void actions.add(newName);
      return;
    }
    const item = itemOfOption(option, itemSearch.items);
    if (!item) return;
    onChange(item);
    combobox.closeDropdown();
  };

  const opened = combobox.dropdownOpened;
  const blocked = disabled || loading;
  const showClear = clearable && value !== null && !blocked;

  return (
    <div ref={rootRef} onBlur={onFocusOut}>
      <Combobox store={combobox} onOptionSubmit={submit} readOnly={blocked} {...IN_FLOW_DROPDOWN}>
        <Combobox.Target withExpandedAttribute autoComplete="off">
          <InputBase
            ref={ref}
            id={id}
            name={name}
            size="md"
            label={label}
            description={description}
            error={renderFieldError(error)}
            withAsterisk={required}
            aria-required={required || undefined}
            placeholder={opened && value ? value.name : placeholder}
            value={opened ? itemSearch.query : (value?.name ?? '')}
            onChange={(event) => type(event.currentTarget.value)}
            onClick={() => {
              if (!blocked) combobox.openDropdown();
            }}
            onBlur={onBlur}
            disabled={disabled}
            readOnly={loading}
            rightSection={
              showClear ? (
                <CloseButton
                  size="sm"
                  aria-label={`Clear ${label}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    onChange(null);
                    combobox.closeDropdown();
                  }}
                />
              ) : (
                <Combobox.Chevron />
              )
            }
            rightSectionPointerEvents={showClear ? 'all' : 'none'}
            inputContainer={(children) => (
              <>
                {children}
                {loading && <SearchProgress label={`Loading ${label}`} />}
              </>
            )}
          />
        </Combobox.Target>
        <EntryDropdown
          search={itemSearch}
          actions={actions}
          selectedIds={selectedIds}
          onEscape={closeAndReturn}
          onFinished={returnFocus}
        />
      </Combobox>
    </div>
  );
}

export type ControlledSearchableSelectProps<
  Values extends FieldValues,
  Output extends FieldValues = Values,
> = Omit<SearchableSelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'> &
  ControlledProps<Values, SearchableItem | null, Output>;

/** SearchableSelect bound to a react-hook-form field that holds a SearchableItem or null. */
export function ControlledSearchableSelect<Values extends FieldValues, Output extends FieldValues = Values>({
  control,
  name,
  disabled,
  ...props
}: ControlledSearchableSelectProps<Values, Output>) {
  const field = useControlledField<Values, SearchableItem | null, Output>({ control, name });
  return (
    <SearchableSelect
      {...props}
      {...field}
      value={field.value ?? null}
      disabled={disabled || field.disabled}
    />
  );
}
