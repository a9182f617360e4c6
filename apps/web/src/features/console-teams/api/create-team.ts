import type { TeamBody, TeamDetail } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamsPath, teamsQueryKey } from './paths';

export function createTeam(body: TeamBody): Promise<TeamDetail> {
  return apiFetch<TeamDetail>(teamsPath(), { method: 'POST', body });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
