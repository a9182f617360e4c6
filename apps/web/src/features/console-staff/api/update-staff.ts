import type { StaffMember, UpdateStaffBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_PATH, staffQueryKey } from './paths';

export function updateStaff({ id, body }: { id: string; body: UpdateStaffBody }): Promise<StaffMember> {
  return apiFetch<StaffMember>(`${STAFF_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
