import type { DropdownItem } from '@platform/shared';

export { fromPartyItems, sortByName, type PartyItem } from '@platform/shared';

export type SearchableItem = DropdownItem;

/**
 * Asks the server for the entries matching `query` ('' asks for the first page). The signal aborts when
 * the query has changed or the field has gone, so a stale answer never replaces a newer one.
 */
export type SearchItems = (query: string, signal: AbortSignal) => Promise<SearchableItem[]>;
