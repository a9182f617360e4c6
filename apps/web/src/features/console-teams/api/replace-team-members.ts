import type { TeamDetail, TeamMembersBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamsPath, teamsQueryKey } from './paths';

export function replaceTeamMembers({ id, body }: { id: string; body: TeamMembersBody }): Promise<TeamDetail> {
  return apiFetch<TeamDetail>(teamsPath(`/${encodeURIComponent(id)}/members`), { method: 'PUT', body });
}

export function useReplaceTeamMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceTeamMembers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
