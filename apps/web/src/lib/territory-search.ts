import type { CreatorTerritory } from '@platform/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SearchItems, SearchableItem } from '../components/inputs/searchable-items';
import { apiFetch } from './api-client';

/** Territories change rarely: the list is read once every few minutes and searched here. */
const TERRITORIES_STALE_MS = 5 * 60_000;

/**
 * Every active territory (`PATCH /server-api/territory` with `{ active: 'YES' }`), sorted by name: the very
 * list the server checks a campaign's territories against, and the one territory list every signed-in
 * caller may read (SPEC §7 names it a PATCH that only reads).
 */
export const activeTerritoriesQueryOptions = queryOptions({
  queryKey: ['active-territories'],
  queryFn: ({ signal }) =>
    apiFetch<CreatorTerritory[]>('/server-api/territory', {
      method: 'PATCH',
      body: { active: 'YES' },
      signal,
    }),
  staleTime: TERRITORIES_STALE_MS,
});

/** Every active territory as the options of a select. */
export function useActiveTerritoryOptions() {
  return useQuery({
    ...activeTerritoriesQueryOptions,
    select: (territories) => territories.map(({ id, name }) => ({ value: id, label: name })),
  });
}

/** Active territories whose name holds what was typed, as entries of a searchable select. */
export function useActiveTerritorySearch(): SearchItems {
  const queryClient = useQueryClient();
  return useCallback(
    async (search) => {
      const territories = await queryClient.fetchQuery(activeTerritoriesQueryOptions);
      const query = search.trim().toLocaleLowerCase();
      return territories
        .filter(({ name }) => name.toLocaleLowerCase().includes(query))
        .map(({ id, name }): SearchableItem => ({ id, name }));
    },
    [queryClient],
  );
}

const SEARCH_PAGE_SIZE = 50;

/**
 * The active territories the caller may manage whose name matches what was typed
 * (`GET /server-api/marketing/territories`): a Territory Manager assigns only their own.
 */
export const searchManagedTerritories: SearchItems = async (search, signal) => {
  const query = new URLSearchParams({ page: '1', pageSize: String(SEARCH_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  const page = await apiFetch<{ items: { id: string; name: string }[] }>(
    `/server-api/marketing/territories?${query.toString()}`,
    { signal },
  );
  return page.items.map(({ id, name }) => ({ id, name }));
};
