import type { StaffMember } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_PATH, staffQueryKey } from './paths';

export function disableStaff(id: string): Promise<StaffMember> {
  return apiFetch<StaffMember>(`${STAFF_PATH}/${encodeURIComponent(id)}/disable`, { method: 'POST' });
}

export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
