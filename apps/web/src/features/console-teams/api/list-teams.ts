import type { TeamListResponse } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamsPath, teamsQueryKey } from './paths';

export interface TeamListParams {
  page: number;
  pageSize: number;
  search: string;
  includeArchived: boolean;
}

export function listTeams(params: TeamListParams, signal?: AbortSignal): Promise<TeamListResponse> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.includeArchived) query.set('includeArchived', 'true');
  return apiFetch<TeamListResponse>(`${teamsPath()}?${query.toString()}`, { signal });
}

export const teamListQueryOptions = (params: TeamListParams) =>
  queryOptions({
    queryKey: [...teamsQueryKey, 'list', params],
    queryFn: ({ signal }) => listTeams(params, signal),
    // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
    placeholderData: keepPreviousData,
  });

export function useTeamList(params: TeamListParams) {
  return useQuery(teamListQueryOptions(params));
}
