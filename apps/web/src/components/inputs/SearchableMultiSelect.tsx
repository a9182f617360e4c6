import { Combobox, Pill, PillsInput } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { renderFieldError } from '../form/FieldError';
import { useControlledField, type ControlledProps } from './controlled';
import {
  ADD_OPTION,
  EntryDropdown,
  SELECT_ALL_OPTION,
  SearchProgress,
  addableName,
  itemOfOption,
} from './EntryDropdown';
import type { SearchItems, SearchableItem } from './searchable-items';
import type { EntryHandlers } from './use-entry-actions';
import type { FieldProps } from './field-props';
import { IN_FLOW_DROPDOWN, useSearchableCombobox } from './use-searchable-combobox';

export interface SearchableMultiSelectProps extends EntryHandlers, FieldProps {
  /** The chosen entries in the order they were chosen. */
  value: SearchableItem[];
  onChange: (items: SearchableItem[]) => void;
  search: SearchItems;
  /** Offers 'Select all', which selects (or, when all are selected, unselects) every listed entry. */
  withSelectAll?: boolean;
}

/**
 * A multi-select dropdown that searches the server as the person types (debounced, SPEC §4), with an
 * optional 'Select all' and optional add, edit and delete of entries (SPEC §2). Chosen entries show as
 * pills, each with a 'Remove {name}' button; Backspace in the empty search removes the last one.
 */
export function SearchableMultiSelect({
  label,
  value,
  onChange,
  search,
  withSelectAll = false,
  onAdd,
  onEdit,
  onDelete,
  placeholder,
  description,
  error,
  required,
  disabled,
  loading,
  id,
  name,
  onBlur,
  ref,
}: SearchableMultiSelectProps) {
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
          const current = latestValue.current;
          if (item && !current.some((chosen) => chosen.id === item.id)) onChange([...current, item]);
        },
        onRenamed: (item) => {
          const current = latestValue.current;
          if (current.some((chosen) => chosen.id === item.id)) {
            onChange(current.map((chosen) => (chosen.id === item.id ? item : chosen)));
          }
        },
        onDeleted: (item) => {
          const current = latestValue.current;
          if (current.some((chosen) => chosen.id === item.id)) {
            onChange(current.filter((chosen) => chosen.id !== item.id));
          }
        },
      },
      { closeOnAdd: false },
    );
  const selectedIds = useMemo(() => new Set(value.map((item) => item.id)), [value]);
  const allListedSelected =
    itemSearch.items.length > 0 && itemSearch.items.every((item) => selectedIds.has(item.id));

  const toggleAll = () => {
    if (allListedSelected) {
      const listedIds = new Set(itemSearch.items.map((item) => item.id));
      onChange(value.filter((item) => !listedIds.has(item.id)));
    } else {
      onChange([...value, ...itemSearch.items.filter((item) => !selectedIds.has(item.id))]);
    }
  };

  const submit = (option: string) => {
    if (option === ADD_OPTION) {
      const newName = addableName(itemSearch.query, itemSearch.items);
      if (newName) void actions.add(newName);
      return;
    }
    if (option === SELECT_ALL_OPTION) return toggleAll();
    const item = itemOfOption(option, itemSearch.items);
    if (!item) return;
    onChange(selectedIds.has(item.id) ? value.filter((chosen) => chosen.id !== item.id) : [...value, item]);
  };

  const blocked = disabled || loading;
  const unselect = (item: SearchableItem) => onChange(value.filter((chosen) => chosen.id !== item.id));

  return (
    <div ref={rootRef} onBlur={onFocusOut}>
      <Combobox store={combobox} onOptionSubmit={submit} readOnly={blocked} {...IN_FLOW_DROPDOWN}>
        <Combobox.DropdownTarget>
          <PillsInput
            size="md"
            label={label}
            description={description}
            error={renderFieldError(error)}
            withAsterisk={required}
            disabled={disabled}
            onClick={() => {
              if (!blocked) combobox.openDropdown();
            }}
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            inputContainer={(children) => (
              <>
                {children}
                {loading && <SearchProgress label={`Loading ${label}`} />}
              </>
            )}
          >
            <Pill.Group disabled={disabled}>
              {value.map((item) => (
                <Pill
                  key={item.id}
                  withRemoveButton={!blocked}
                  onRemove={() => unselect(item)}
                  removeButtonProps={{
                    'aria-label': `Remove ${item.name}`,
                    'aria-hidden': false,
                    tabIndex: 0,
                  }}
                >
                  {item.name}
                </Pill>
              ))}
              <Combobox.EventsTarget withExpandedAttribute autoComplete="off">
                <PillsInput.Field
                  ref={ref}
                  id={id}
                  name={name}
                  aria-required={required || undefined}
                  aria-invalid={error ? true : undefined}
                  placeholder={value.length === 0 ? placeholder : undefined}
                  value={itemSearch.query}
                  onChange={(event) => type(event.currentTarget.value)}
                  onBlur={onBlur}
                  readOnly={loading}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' && itemSearch.query === '' && value.length > 0) {
                      event.preventDefault();
                      onChange(value.slice(0, -1));
                    }
                  }}
                />
              </Combobox.EventsTarget>
            </Pill.Group>
          </PillsInput>
        </Combobox.DropdownTarget>
        <EntryDropdown
          search={itemSearch}
          actions={actions}
          selectedIds={selectedIds}
          selectAll={withSelectAll ? { checked: allListedSelected } : undefined}
          onEscape={closeAndReturn}
          onFinished={returnFocus}
        />
      </Combobox>
    </div>
  );
}

export type ControlledSearchableMultiSelectProps<
  Values extends FieldValues,
  Output extends FieldValues = Values,
> = Omit<SearchableMultiSelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'> &
  ControlledProps<Values, SearchableItem[], Output>;

/** SearchableMultiSelect bound to a react-hook-form field that holds a SearchableItem[]. */
export function ControlledSearchableMultiSelect<
  Values extends FieldValues,
  Output extends FieldValues = Values,
>({ control, name, disabled, ...props }: ControlledSearchableMultiSelectProps<Values, Output>) {
  const field = useControlledField<Values, SearchableItem[], Output>({ control, name });
  return (
    <SearchableMultiSelect
      {...props}
      {...field}
      value={field.value ?? []}
      disabled={disabled || field.disabled}
    />
  );
}
