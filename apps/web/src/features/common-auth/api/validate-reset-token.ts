import type { MessageResponse, PasswordResetOutcome } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';

export type ResetTokenStatus = Extract<
  PasswordResetOutcome,
  'TokenVerified' | 'TokenExpired' | 'TokenFailed'
>;

/** SPEC §8: 410 gives TokenExpired; any other failure gives TokenFailed. */
export async function validateResetToken(token: string): Promise<ResetTokenStatus> {
  try {
    await apiFetch<MessageResponse>('/api/auth/validate-token', { method: 'POST', body: { token } });
    return 'TokenVerified';
  } catch (error) {
    return isApiError(error) && error.status === 410 ? 'TokenExpired' : 'TokenFailed';
  }
}

export function useValidateResetToken(token: string) {
  return useQuery({
    queryKey: ['auth', 'validate-token', token],
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
