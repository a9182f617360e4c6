import type { TeamDetail } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamsPath, teamsQueryKey } from './paths';

export function archiveTeam(id: string): Promise<TeamDetail> {
  return apiFetch<TeamDetail>(teamsPath(`/${encodeURIComponent(id)}/archive`), { method: 'POST' });
}

export function useArchiveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
