import type { MessageResponse, SignUpBody } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function signUp(body: SignUpBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/sign-up', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
