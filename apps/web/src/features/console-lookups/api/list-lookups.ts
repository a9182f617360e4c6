import type { Lookup, LookupKind, LookupListResponse } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';
import { lookupsPath, lookupsQueryKey } from './paths';

export interface LookupListParams {
  page: number;
  /** The server's default page size when left out. */
  pageSize?: number;
  search: string;
  includeArchived: boolean;
  /** Answers: only those of this question. */
  questionId?: string | undefined;
}

export function listLookups(
  kind: LookupKind,
  params: LookupListParams,
  signal?: AbortSignal,
): Promise<LookupListResponse> {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.pageSize) query.set('pageSize', String(params.pageSize));
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.includeArchived) query.set('includeArchived', 'true');
  if (params.questionId) query.set('questionId', params.questionId);
  return apiFetch<LookupListResponse>(`${lookupsPath(kind)}?${query.toString()}`, { signal });
}

export const lookupListQueryOptions = (kind: LookupKind, params: LookupListParams) =>
  queryOptions({
    queryKey: [...lookupsQueryKey(kind), params],
    queryFn: ({ signal }) => listLookups(kind, params, signal),
    // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
    placeholderData: keepPreviousData,
  });

export function useLookupList(kind: LookupKind, params: LookupListParams) {
  return useQuery(lookupListQueryOptions(kind, params));
}

/** A lookup as a dropdown entry (SPEC §3). */
export function toSearchableItem(lookup: Lookup): SearchableItem {
  return {
    id: lookup.id,
    name: lookup.name,
    ...(lookup.label ? { label: lookup.label } : {}),
    ...(lookup.infoContent ? { infoContent: lookup.infoContent } : {}),
  };
}

const SEARCH_PAGE_SIZE = 100;

/** The live lookups matching what was typed, for a searchable dropdown. */
export function searchLookups(kind: LookupKind, questionId?: string): SearchItems {
  return async (query, signal) => {
    const page = await listLookups(
      kind,
      { page: 1, pageSize: SEARCH_PAGE_SIZE, search: query, includeArchived: false, questionId },
      signal,
    );
    return page.items.map(toSearchableItem);
  };
}
