import type { CreatorCampaignDetail, Leaderboard } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { FRESH_FOR_MS } from '../../../lib/freshness';
import {
  creatorCampaignPath,
  creatorLeaderboardPath,
  leaderboardCampaignQueryKey,
  leaderboardQueryKey,
} from './paths';

/**
 * How often an open board asks again. Figures reach the server at most hourly per post (ADR 024), but an
 * import or a partner's webhook can move many places at once, and an unchanged board costs a 304.
 */
export const LEADERBOARD_POLL_MS = 15_000;

// Coming back to the tab asks again unless the board was read this recently.
const LEADERBOARD_FRESH_MS = 5_000;

/**
 * A campaign's leaderboard, asked again every LEADERBOARD_POLL_MS while the tab is visible (a hidden tab
 * does not poll) until the board is final: frozen, with every place's figure validated (ADR 037). The browser's cache revalidates each poll with the board's
 * ETag, so an unchanged board comes back as a 304 without a body.
 */
export function useLeaderboard(campaignId: string, period: number | null) {
  return useQuery({
    ...leaderboardQueryOptions(campaignId, period),
    refetchInterval: (query) => {
      const { data, status } = query.state;
      // A final board no longer moves; a board never read (not found, say) waits for the retry button.
      if (data?.final || (status === 'error' && data === undefined)) return false;
      return LEADERBOARD_POLL_MS;
    },
    refetchOnWindowFocus: true,
    staleTime: LEADERBOARD_FRESH_MS,
    // Another period keeps the board on screen, dimmed, until its own arrives.
    placeholderData: keepPreviousData,
  });
}

export const leaderboardQueryOptions = (campaignId: string, period: number | null) =>
  queryOptions({
    queryKey: leaderboardQueryKey(campaignId, period),
    queryFn: ({ signal }) => apiFetch<Leaderboard>(creatorLeaderboardPath(campaignId, period), { signal }),
  });

export const leaderboardCampaignQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: leaderboardCampaignQueryKey(campaignId),
    queryFn: ({ signal }) => apiFetch<CreatorCampaignDetail>(creatorCampaignPath(campaignId), { signal }),
    staleTime: FRESH_FOR_MS,
  });

/** The campaign the board ranks: its name and, for prizes by place, its reward. */
export function useLeaderboardCampaign(campaignId: string) {
  return useQuery(leaderboardCampaignQueryOptions(campaignId));
}
