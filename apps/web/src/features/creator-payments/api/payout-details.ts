import type { PayoutDetailsBody, PayoutDetailsResponse } from '@platform/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { FRESH_FOR_MS } from '../../../lib/freshness';

export const payoutDetailsPath = '/server-api/creator/payout-details';

const payoutDetailsQueryKey = ['creator-payout-details'] as const;

export const payoutDetailsQueryOptions = () =>
  queryOptions({
    queryKey: payoutDetailsQueryKey,
    queryFn: ({ signal }) => apiFetch<PayoutDetailsResponse>(payoutDetailsPath, { signal }),
    staleTime: FRESH_FOR_MS,
  });

/** Where the creator is paid when the platform pays by hand, masked, and whether it asks for it. */
export function usePayoutDetails() {
  return useQuery(payoutDetailsQueryOptions());
}

/** Gives or changes the creator's payout details; the answer is masked, and kept as what is shown. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsBody) =>
      apiFetch<PayoutDetailsResponse>(payoutDetailsPath, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(payoutDetailsQueryKey, saved),
  });
}
