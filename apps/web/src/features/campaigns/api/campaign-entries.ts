import type { CampaignEntry, Entry, EntryRejectionBody, EntryStatus, Paged } from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath, campaignsQueryKey } from './paths';

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

/** Approves, rejects or archives one entry; the queue is read again after. */
export function useReviewEntry(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: EntryReview) =>
      apiFetch<Entry>(
        campaignPath(campaignId, `/entries/${encodeURIComponent(review.entryId)}/${review.move}`),
        {
          method: 'POST',
          ...(review.move === 'reject' ? { body: review.rejection } : {}),
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entriesQueryKey(campaignId) }),
  });
}
