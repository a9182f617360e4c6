import type {
  CampaignEntry,
  Entry,
  EntryBulkResult,
  EntryChangeRequestBody,
  EntryRejectionBody,
  EntryStatus,
  Paged,
} from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

const entriesQueryKey = (campaignId: string) => [...campaignsQueryKey, 'entries', campaignId] as const;

/** A page of the campaign's entries, newest first: its review queue. */
export function useCampaignEntries(campaignId: string, status: EntryStatus | null, page: number) {
  return useQuery({
    queryKey: [...entriesQueryKey(campaignId), status, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
      return apiFetch<Paged<CampaignEntry>>(campaignPath(campaignId, `/entries?${query.toString()}`), {
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

export type EntryReview =
  | { entryId: string; move: 'approve' | 'archive' }
  | { entryId: string; move: 'reject'; rejection: EntryRejectionBody };

/**
 * Approves, rejects or archives one entry (approving may take a paid slot, archiving give it back); the
 * queue is read again after. The key makes a retry after a lost answer get the first answer.
 */
export function useReviewEntry(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: EntryReview) =>
      idempotentWrite<Entry>(
        campaignPath(campaignId, `/entries/${encodeURIComponent(review.entryId)}/${review.move}`),
        {
          method: 'POST',
          ...(review.move === 'reject' ? { body: review.rejection } : {}),
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entriesQueryKey(campaignId) }),
  });
}

/**
 * Asks the creator to change an entry waiting for review, with the reviewer's note (ADR 037); the queue is
 * read again after.
 */
export function useRequestEntryChanges(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...body }: { entryId: string } & EntryChangeRequestBody) =>
      idempotentWrite<Entry>(
        campaignPath(campaignId, `/entries/${encodeURIComponent(entryId)}/request-changes`),
        { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entriesQueryKey(campaignId) }),
  });
}

export type EntryBulkReview =
  | { entryIds: string[]; move: 'approve' | 'archive' }
  | { entryIds: string[]; move: 'reject'; rejection: EntryRejectionBody };
export type EntryBulkMove = EntryBulkReview['move'];

/**
 * Approves, rejects or archives several entries at once; each moves on its own, and the answer says which
 * did not and why. The queue is read again after, so the answer settles once it shows the moves.
 */
export function useBulkReviewEntries(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: EntryBulkReview) =>
      idempotentWrite<EntryBulkResult>(campaignPath(campaignId, `/entries/bulk-${review.move}`), {
        method: 'POST',
        body:
          review.move === 'reject'
            ? { entryIds: review.entryIds, rejection: review.rejection }
            : { entryIds: review.entryIds },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entriesQueryKey(campaignId) }),
  });
}
