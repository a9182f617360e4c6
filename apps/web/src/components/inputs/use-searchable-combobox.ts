import { useCombobox, type ComboboxStore } from '@mantine/core';
import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';
import type { SearchItems, SearchableItem } from './searchable-items';
import { useEntryActions, type EntryActions, type EntryHandlers } from './use-entry-actions';
import { useItemSearch, type ItemSearch } from './use-item-search';

export interface SelectionEffects {
  onAdded: (item: SearchableItem | undefined) => void;
  onRenamed: (item: SearchableItem) => void;
  onDeleted: (item: SearchableItem) => void;
}

export interface SearchableCombobox {
  combobox: ComboboxStore;
  itemSearch: ItemSearch;
  actions: EntryActions;
  /** Wraps the field and its dropdown: focus leaving it closes the dropdown. */
  rootRef: RefObject<HTMLDivElement | null>;
  onFocusOut: (event: FocusEvent<HTMLElement>) => void;
  /** What typing in the field does: opens the dropdown and searches once typing pauses. */
  type: (query: string) => void;
  closeAndReturn: () => void;
  returnFocus: () => void;
}

/**
 * Where both selects put their list: in the page's flow, so it scrolls with its field. Mantine would hide
 * it once the field leaves the screen, which made a long list vanish as the person scrolled down to its
 * last options.
 */
export const IN_FLOW_DROPDOWN = { withinPortal: false, hideDetached: false } as const;

/** The dropdown, search and entry management that single and multi-select share. */
export function useSearchableCombobox(
  search: SearchItems,
  handlers: EntryHandlers,
  selection: SelectionEffects,
  { closeOnAdd }: { closeOnAdd: boolean },
): SearchableCombobox {
  const itemSearch = useItemSearch(search);
  const openedByTypingRef = useRef(false);
  const rootRef = useRef<HTMLDivElement | null>(null);

  const combobox = useCombobox({
    onDropdownOpen: () => {
      if (!openedByTypingRef.current) itemSearch.start();
    },
    onDropdownClose: () => {
      itemSearch.stop();
      actions.reset();
      combobox.resetSelectedOption();
    },
  });

  const actions = useEntryActions(handlers, {
    ...selection,
    refresh: itemSearch.refresh,
    onAdded: (item) => {
      selection.onAdded(item);
      if (item && closeOnAdd) closeAndReturn();
    },
  });

  const { items, pending, query } = itemSearch;
  const { dropdownOpened, selectFirstOption, resetSelectedOption } = combobox;
  useEffect(() => {
    if (!dropdownOpened || pending) return;
    // Enter picks the best match of a typed query; an untouched list waits for the arrow keys.
    if (query.trim()) selectFirstOption();
    else resetSelectedOption();
  }, [items, pending, query, dropdownOpened, selectFirstOption, resetSelectedOption]);

  const type = (text: string) => {
    openedByTypingRef.current = true;
    combobox.openDropdown();
    openedByTypingRef.current = false;
    itemSearch.type(text);
  };

  const onFocusOut = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    // A click on the dropdown's padding moves focus nowhere; click-outside handles real exits.
    if (next instanceof Node && !rootRef.current?.contains(next)) combobox.closeDropdown();
  };

  const returnFocus = () => combobox.focusTarget();
  const closeAndReturn = () => {
    combobox.closeDropdown();
    combobox.focusTarget();
  };

  return { combobox, itemSearch, actions, rootRef, onFocusOut, type, closeAndReturn, returnFocus };
}
