import type { MessageResponse } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profileQueryOptions } from './get-profile';

export function resendVerification(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/resend-verification', { method: 'POST', authenticated: true });
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: (result) => {
      // Verified in another tab meanwhile: show the new status instead of a stale button.
      if (result.message === 'Verified') void queryClient.invalidateQueries(profileQueryOptions());
    },
  });
}
