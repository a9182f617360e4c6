import type { KycDecisionBody, KycReviewDetail } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { identityChecksPath, identityChecksQueryKey } from './paths';

export function decideIdentityCheck({ id, body }: { id: string; body: KycDecisionBody }) {
  return apiFetch<KycReviewDetail>(identityChecksPath(`/${encodeURIComponent(id)}/decision`), {
    method: 'POST',
    body,
  });
}

export function useDecideIdentityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideIdentityCheck,
    // A refusal (409: someone else decided first) also means the lists are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityChecksQueryKey }),
  });
}
