import type { MessageResponse, SetupAdminBody } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { setupStatusQueryOptions } from './get-setup-status';

export function createAdmin(body: SetupAdminBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/setup/admin', { method: 'POST', body });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupStatusQueryOptions().queryKey }),
  });
}
