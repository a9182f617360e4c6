import type { ForgotPasswordBody, MessageResponse } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
