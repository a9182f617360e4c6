import type { TeamBody, TeamDetail } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamsPath, teamsQueryKey } from './paths';

export function renameTeam({ id, body }: { id: string; body: TeamBody }): Promise<TeamDetail> {
  return apiFetch<TeamDetail>(teamsPath(`/${encodeURIComponent(id)}`), { method: 'PATCH', body });
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
