import type { SignInBody, TokenResponse } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { startSession } from '../../../lib/session-refresh';

export function signIn(body: SignInBody): Promise<TokenResponse> {
  return apiFetch<TokenResponse>('/api/auth/sign-in', { method: 'POST', body });
}

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ id_token }) => startSession(id_token),
  });
}
