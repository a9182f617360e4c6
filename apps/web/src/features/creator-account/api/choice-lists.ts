import { fromPartyItems, sortByName, type CreatorAgencyResponse, type DropdownItem } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath, creatorQueryKey } from './paths';

/** A whole list (genres, artists): short enough to load once and search in the browser. */
export function listLookup(kind: 'genre' | 'artist', signal?: AbortSignal): Promise<DropdownItem[]> {
  return apiFetch<DropdownItem[]>(creatorPath(`/lookup/${kind}`), { signal });
}

export const lookupQueryOptions = (kind: 'genre' | 'artist') =>
  queryOptions({
    queryKey: [...creatorQueryKey, 'lookup', kind],
    queryFn: ({ signal }) => listLookup(kind, signal),
    staleTime: 5 * 60_000,
  });

export const useLookup = (kind: 'genre' | 'artist') => useQuery(lookupQueryOptions(kind));

/**
 * Whether staff have added any agency at all: without one, the agency step has nothing to offer and
 * says so instead of showing an empty search.
 */
export const useAgenciesOffered = () =>
  useQuery({
    queryKey: [...creatorQueryKey, 'lookup', 'agency', 'offered'],
    queryFn: async ({ signal }) => (await searchAgencies('', signal)).length > 0,
    staleTime: 5 * 60_000,
  });

/** Agencies are many: the server searches them as the creator types (AGENCY_CAPTURE). */
export async function searchAgencies(query: string, signal: AbortSignal): Promise<DropdownItem[]> {
  const search = query.trim() ? `?search=${encodeURIComponent(query.trim())}` : '';
  const answer = await apiFetch<CreatorAgencyResponse>(creatorPath(`/lookup/agency${search}`), { signal });
  return sortByName(fromPartyItems(answer.data));
}
