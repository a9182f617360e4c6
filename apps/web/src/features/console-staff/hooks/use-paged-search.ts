import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@platform/shared';
import { useState } from 'react';

/** Lists are paged by 25 (the server's default page size). */
export const STAFF_PAGE_SIZE = 25;

/**
 * A searched, paged list's controls: what is typed, searched 500 ms after the last keystroke (SPEC §9),
 * and the page, which goes back to 1 whenever the search or a filter changes.
 */
export function usePagedSearch(filterKey = '') {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const key = `${debouncedSearch}\n${filterKey}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return {
    search,
    setSearch,
    debouncedSearch,
    page,
    setPage: (next: number) => setPaging({ key, page: next }),
    params: { page, pageSize: STAFF_PAGE_SIZE, search: debouncedSearch },
  };
}
