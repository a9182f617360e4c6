import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';

/**
 * The active territories (`PATCH /server-api/territory` with `{ active: 'YES' }`): the very list the server
 * checks a campaign's territories against, and the one territory list every staff role may read (the
 * console's `GET /server-api/marketing/territories` is for those who manage territories).
 */
export function listActiveTerritories(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  return apiFetch<{ id: string; name: string }[]>('/server-api/territory', {
    method: 'PATCH',
    body: { active: 'YES' },
    signal,
  });
}

/** Territories change rarely: the list is read once every few minutes and searched here. */
const TERRITORIES_STALE_MS = 5 * 60_000;

/** Active territories whose name holds what was typed, as entries of a searchable multi-select. */
export function useTerritorySearch(): SearchItems {
  const queryClient = useQueryClient();
  return useCallback(
    async (search) => {
      const territories = await queryClient.fetchQuery({
        queryKey: ['campaign-territories'],
        queryFn: ({ signal }) => listActiveTerritories(signal),
        staleTime: TERRITORIES_STALE_MS,
      });
      const query = search.trim().toLocaleLowerCase();
      return territories
        .filter(({ name }) => name.toLocaleLowerCase().includes(query))
        .map(({ id, name }): SearchableItem => ({ id, name }));
    },
    [queryClient],
  );
}
