import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { INVITATIONS_PATH, staffQueryKey } from './paths';

export function cancelInvitation(id: string): Promise<void> {
  return apiFetch<void>(`${INVITATIONS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
