import type { StaffMember } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_PATH, staffQueryKey } from './paths';

export function enableStaff(id: string): Promise<StaffMember> {
  return apiFetch<StaffMember>(`${STAFF_PATH}/${encodeURIComponent(id)}/enable`, { method: 'POST' });
}

export function useEnableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableStaff,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
