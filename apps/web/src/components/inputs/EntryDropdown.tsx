import {
  ActionIcon,
  Button,
  CheckIcon,
  Combobox,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FieldError } from '../form/FieldError';
import type { SearchableItem } from './searchable-items';
import type { EntryActions } from './use-entry-actions';
import type { ItemSearch } from './use-item-search';

export const ADD_OPTION = 'entry:add';
export const SELECT_ALL_OPTION = 'entry:select-all';
// Prefixed so that no item id can be mistaken for one of the special options above.
const ITEM_OPTION_PREFIX = 'item:';

export const itemOption = (id: string) => `${ITEM_OPTION_PREFIX}${id}`;

export function itemOfOption(value: string, items: readonly SearchableItem[]): SearchableItem | undefined {
  if (!value.startsWith(ITEM_OPTION_PREFIX)) return undefined;
  const id = value.slice(ITEM_OPTION_PREFIX.length);
  return items.find((item) => item.id === id);
}

/** The name 'Add "{query}"' would create, or null when the query is blank or already listed. */
export function addableName(query: string, items: readonly SearchableItem[]): string | null {
  const name = query.trim();
  if (!name) return null;
  const taken = items.some((item) => item.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  return taken ? null : name;
}

/** An indeterminate bar: a search has no measurable progress. */
export function SearchProgress({ label }: { label: string }) {
  return (
    <Progress.Root size="xs" radius="xl">
      <Progress.Section value={100} animated withAria={false} role="progressbar" aria-label={label} />
    </Progress.Root>
  );
}

function SelectionMark({ selected }: { selected: boolean }) {
  return (
    <span aria-hidden="true" style={{ display: 'inline-flex', width: 12, flexShrink: 0 }}>
      {selected && <CheckIcon size={12} />}
    </span>
  );
}

function ItemText({ item }: { item: SearchableItem }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" style={{ flex: 1, minWidth: 0 }}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {item.name}
        </Text>
        {item.infoContent && (
          <Text size="xs" c="dimmed">
            {item.infoContent}
          </Text>
        )}
      </div>
      {item.label && (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {item.label}
        </Text>
      )}
    </Group>
  );
}

interface RowProps {
  item: SearchableItem;
  actions: EntryActions;
  /** Puts focus back in the field once a row's action is over. */
  onFinished: () => void;
}

function RenameRow({ item, actions, onFinished }: RowProps) {
  const [name, setName] = useState(item.name);
  const newName = name.trim();
  const saving = actions.busy?.action === 'edit' && actions.busy.id === item.id;

  const cancel = () => {
    actions.stopEditing();
    onFinished();
  };
  const save = async () => {
    if (!newName || saving) return;
    if (newName === item.name) return cancel();
    if (await actions.rename(item, newName)) onFinished();
  };
  // The field sits inside forms, so Enter must save the name rather than submit the form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      void save();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <Group gap={4} wrap="nowrap" px={4} py={2}>
      <TextInput
        aria-label={`New name for ${item.name}`}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        size="xs"
        style={{ flex: 1 }}
        autoFocus
        disabled={saving}
      />
      <ActionIcon
        variant="subtle"
        aria-label="Save name"
        onClick={() => void save()}
        loading={saving}
        disabled={!newName}
      >
        <IconCheck size={16} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label="Cancel editing"
        onClick={cancel}
        disabled={saving}
      >
        <IconX size={16} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

interface ItemRowProps extends RowProps {
  selected: boolean;
}

function ItemRow({ item, selected, actions, onFinished }: ItemRowProps) {
  const option = (
    <Combobox.Option
      value={itemOption(item.id)}
      active={selected}
      aria-selected={selected}
      style={{ flex: 1, minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap">
        <SelectionMark selected={selected} />
        <ItemText item={item} />
      </Group>
    </Combobox.Option>
  );
  if (!actions.canEdit && !actions.canDelete) return option;

  const deleting = actions.busy?.action === 'delete' && actions.busy.id === item.id;
  const remove = async () => {
    if (await actions.remove(item)) onFinished();
  };
  // A listbox may hold options only (WCAG 4.1.2): these buttons are for the mouse, and the keyboard and
  // screen readers reach the same actions below the list, for the highlighted entry.
  return (
    <Group gap={2} wrap="nowrap">
      {option}
      {actions.canEdit && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-hidden
          tabIndex={-1}
          aria-label={`Edit ${item.name}`}
          onClick={() => actions.startEditing(item.id)}
          disabled={actions.busy !== null}
        >
          <IconPencil size={16} aria-hidden="true" />
        </ActionIcon>
      )}
      {actions.canDelete && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-hidden
          tabIndex={-1}
          aria-label={`Delete ${item.name}`}
          onClick={() => void remove()}
          loading={deleting}
          disabled={actions.busy !== null && !deleting}
        >
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The value of the option the arrow keys have highlighted in `list`, kept up to date. */
function useHighlightedOption() {
  const list = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const read = () =>
      setValue(element.querySelector('[data-combobox-selected]')?.getAttribute('value') ?? null);
    const observer = new MutationObserver(read);
    observer.observe(element, {
      attributes: true,
      attributeFilter: ['data-combobox-selected'],
      subtree: true,
    });
    read();
    return () => observer.disconnect();
  }, []);
  return [list, value] as const;
}

function HighlightedActions({ item, actions, onFinished }: RowProps) {
  const deleting = actions.busy?.action === 'delete' && actions.busy.id === item.id;
  const remove = async () => {
    if (await actions.remove(item)) onFinished();
  };
  return (
    <Group role="group" aria-label={`Manage ${item.name}`} gap={4} px={4} wrap="wrap">
      {actions.canEdit && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          onClick={() => actions.startEditing(item.id)}
          disabled={actions.busy !== null}
        >
          Rename {item.name}
        </Button>
      )}
      {actions.canDelete && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          onClick={() => void remove()}
          loading={deleting}
          disabled={actions.busy !== null && !deleting}
        >
          Delete {item.name}
        </Button>
      )}
    </Group>
  );
}

export interface EntryDropdownProps {
  search: ItemSearch;
  actions: EntryActions;
  selectedIds: ReadonlySet<string>;
  /** Offers 'Select all' (multi-select only); checked when every listed entry is selected. */
  selectAll?: { checked: boolean };
  /** Escape anywhere in the dropdown closes it; focus goes back to the field. */
  onEscape: () => void;
  onFinished: () => void;
}

export function EntryDropdown({
  search,
  actions,
  selectedIds,
  selectAll,
  onEscape,
  onFinished,
}: EntryDropdownProps) {
  // Only the answer for the current query can tell whether the typed name is new.
  const newName = actions.canAdd && !search.pending ? addableName(search.query, search.items) : null;
  const adding = actions.busy?.action === 'add';
  const empty = search.items.length === 0 && !newName;
  const [highlightList, highlightedValue] = useHighlightedOption();
  const manages = actions.canEdit || actions.canDelete;
  const highlightedItem =
    manages && highlightedValue ? itemOfOption(highlightedValue, search.items) : undefined;
  const editing = search.items.find((item) => item.id === actions.editingId);

  return (
    <Combobox.Dropdown
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEscape();
      }}
    >
      <Stack gap={4}>
        {(search.pending || adding) && <SearchProgress label="Searching" />}
        <Combobox.Options ref={highlightList} mah={280} style={{ overflowY: 'auto' }}>
          {selectAll && search.items.length > 0 && (
            <Combobox.Option
              value={SELECT_ALL_OPTION}
              active={selectAll.checked}
              aria-selected={selectAll.checked}
            >
              <Group gap="xs" wrap="nowrap">
                <SelectionMark selected={selectAll.checked} />
                <Text size="sm" fw={500}>
                  Select all
                </Text>
              </Group>
            </Combobox.Option>
          )}
          {search.items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              selected={selectedIds.has(item.id)}
              actions={actions}
              onFinished={onFinished}
            />
          ))}
          {newName && (
            <Combobox.Option value={ADD_OPTION} disabled={actions.busy !== null}>
              <Group gap="xs" wrap="nowrap">
                <IconPlus size={14} aria-hidden="true" />
                <Text size="sm">Add "{newName}"</Text>
              </Group>
            </Combobox.Option>
          )}
          {empty && <Combobox.Empty>{search.pending ? 'Searching…' : 'No results'}</Combobox.Empty>}
        </Combobox.Options>
        {editing ? (
          <RenameRow key={editing.id} item={editing} actions={actions} onFinished={onFinished} />
        ) : (
          highlightedItem && (
            <HighlightedActions item={highlightedItem} actions={actions} onFinished={onFinished} />
          )
        )}
        {actions.failure && (
          <Text component="div" role="alert" c="red" size="sm" px="xs" pb={4}>
            <FieldError message={actions.failure} />
          </Text>
        )}
      </Stack>
    </Combobox.Dropdown>
  );
}
