import type { TerritoryListResponse } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { territoriesPath, territoriesQueryKey } from './paths';

export interface TerritoryListParams {
  page: number;
  pageSize: number;
  search: string;
  includeArchived: boolean;
}

export function listTerritories(
  params: TerritoryListParams,
  signal?: AbortSignal,
): Promise<TerritoryListResponse> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.includeArchived) query.set('includeArchived', 'true');
  return apiFetch<TerritoryListResponse>(`${territoriesPath()}?${query.toString()}`, { signal });
}

export const territoryListQueryOptions = (params: TerritoryListParams) =>
  queryOptions({
    queryKey: [...territoriesQueryKey, 'list', params],
    queryFn: ({ signal }) => listTerritories(params, signal),
    // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
    placeholderData: keepPreviousData,
  });

export function useTerritoryList(params: TerritoryListParams) {
  return useQuery(territoryListQueryOptions(params));
}
