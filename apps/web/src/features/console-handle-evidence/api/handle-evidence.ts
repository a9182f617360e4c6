import type {
  HandleEvidenceDecisionBody,
  HandleEvidenceReview,
  HandleVerificationStatus,
} from '@platform/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { handleEvidencePath, handleEvidenceQueryKey } from './paths';

/** The evidence in one status, oldest first. */
export function useHandleEvidenceQueue(status: HandleVerificationStatus) {
  return useQuery({
    queryKey: [...handleEvidenceQueryKey, 'list', status],
    queryFn: ({ signal }) =>
      apiFetch<{ items: HandleEvidenceReview[] }>(
        `${handleEvidencePath()}?${new URLSearchParams({ status }).toString()}`,
        { signal },
      ),
  });
}

/** One piece of evidence, its recording behind a short-lived link. */
export function useHandleEvidence(id: string) {
  return useQuery({
    queryKey: [...handleEvidenceQueryKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiFetch<HandleEvidenceReview>(handleEvidencePath(`/${encodeURIComponent(id)}`), { signal }),
    // The recording's link expires: evidence opened again is read again.
    staleTime: 0,
  });
}

/** Verifies the handle on the strength of the evidence, or refuses it with the reason the creator reads. */
export function useDecideHandleEvidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: HandleEvidenceDecisionBody }) =>
      apiFetch<HandleEvidenceReview>(handleEvidencePath(`/${encodeURIComponent(id)}/decision`), {
        method: 'POST',
        body,
      }),
    // A refusal (409: decided by someone else first) also means the lists are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: handleEvidenceQueryKey }),
  });
}
