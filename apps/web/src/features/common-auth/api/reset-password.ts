import type { MessageResponse, ResetPasswordBody } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
