import type { InviteStaffBody, StaffInvitation } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { INVITATIONS_PATH, staffQueryKey } from './paths';

export function inviteStaff(body: InviteStaffBody): Promise<StaffInvitation> {
  return apiFetch<StaffInvitation>(INVITATIONS_PATH, { method: 'POST', body });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
