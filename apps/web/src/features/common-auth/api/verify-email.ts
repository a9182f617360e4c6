import { ERROR_CODES, VERIFY_RESULTS, type MessageResponse, type VerifyResult } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';

/** The spec's verify results (SPEC §4) plus the two link problems the server names. */
export type VerifyOutcome = VerifyResult | 'AlreadyUsed' | 'InvalidLink';

const isVerifyResult = (value: string): value is VerifyResult =>
  (VERIFY_RESULTS as readonly string[]).includes(value);

/** SPEC §8: 410 gives Expired; known status names are returned; anything else is Failed. */
export async function verifyEmail(hint: string): Promise<VerifyOutcome> {
  try {
    const { message } = await apiFetch<MessageResponse>('/api/auth/verify', {
      method: 'POST',
      body: { hint },
    });
    return isVerifyResult(message) ? message : 'Failed';
  } catch (error) {
    if (!isApiError(error)) return 'Failed';
    if (error.status === 410) return 'Expired';
    if (error.code === ERROR_CODES.hintUsed) return 'AlreadyUsed';
    if (error.code === ERROR_CODES.hintInvalid) return 'InvalidLink';
    return 'Failed';
  }
}

/**
 * Verifies once per link. The hint is single use, so the call sits in the query cache rather than in an
 * effect: StrictMode's double effects and later remounts share the first answer instead of spending the
 * link a second time.
 */
export function useVerifyEmail(hint: string) {
  return useQuery({
    queryKey: ['auth', 'verify', hint],
    queryFn: () => verifyEmail(hint),
    enabled: hint !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
