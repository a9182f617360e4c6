import type { EntryCheck, EntryChecks } from '@platform/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

// Under the entries' key, so that a review, which reads the queue again, reads the checks again too.
const entryChecksQueryKey = (campaignId: string) =>
  [...campaignsQueryKey, 'entries', campaignId, 'checks'] as const;

/** While a video is still being compared, the checks are read again this often. */
const COMPARING_POLL_MS = 15_000;

const stillComparing = (checks: EntryChecks | undefined) =>
  checks?.items.some((check) => check.originality?.status === 'PENDING') ?? false;

/**
 * What a reviewer needs to decide each of the campaign's entries in one look: the account proven or not,
 * when the post was published, and how an uploaded video compares with the others (ADR 036).
 */
export function useEntryChecks(campaignId: string) {
  return useQuery({
    queryKey: entryChecksQueryKey(campaignId),
    queryFn: ({ signal }) => apiFetch<EntryChecks>(campaignPath(campaignId, '/entry-checks'), { signal }),
    refetchInterval: (query) => (stillComparing(query.state.data) ? COMPARING_POLL_MS : false),
  });
}

/** The checks by entry, for the rows of the queue. */
export const checksByEntry = (checks: EntryChecks | undefined): ReadonlyMap<string, EntryCheck> =>
  new Map((checks?.items ?? []).map((check) => [check.entryId, check]));

/** A reviewer who compared a matched video with what it resembles lets it be approved. */
export function useClearOriginality(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      apiFetch<unknown>(
        campaignPath(campaignId, `/entries/${encodeURIComponent(entryId)}/originality/clear`),
        { method: 'POST' },
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'entries', campaignId] }),
  });
}
