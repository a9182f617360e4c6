import type { TeamDetail } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamsPath, teamsQueryKey } from './paths';

export function getTeam(id: string, signal?: AbortSignal): Promise<TeamDetail> {
  return apiFetch<TeamDetail>(teamsPath(`/${encodeURIComponent(id)}`), { signal });
}

export const teamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...teamsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getTeam(id, signal),
  });

export function useTeam(id: string) {
  return useQuery(teamQueryOptions(id));
}
