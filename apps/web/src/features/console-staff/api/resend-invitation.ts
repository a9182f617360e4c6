import type { StaffInvitation } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { INVITATIONS_PATH, staffQueryKey } from './paths';

export function resendInvitation(id: string): Promise<StaffInvitation> {
  return apiFetch<StaffInvitation>(`${INVITATIONS_PATH}/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
