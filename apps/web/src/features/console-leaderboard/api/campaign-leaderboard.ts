import type { Leaderboard, MetricReading, MetricsCorrectionBody } from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath, leaderboardQueryKey } from '../../../lib/campaign-api-paths';

/** How often a board on screen is asked again while it can still move. */
export const LEADERBOARD_POLL_MS = 15_000;

/**
 * The campaign's board as staff read it (full names), for a SPRINT's period or, with null, the period the
 * server chooses. Asked again every 15 s while the tab is visible, until the board is final: frozen, and
 * every place's figure validated (ADR 037). After that only a correction or an import made here changes
 * it, and those read it again themselves. Each poll
 * goes through the browser's cache, which sends the board's ETag back: an unchanged board is a 304
 * without a body, and the same answer keeps the same data, so nothing renders again.
 */
export function useStaffLeaderboard(campaignId: string, period: number | null) {
  return useQuery({
    queryKey: [...leaderboardQueryKey(campaignId), period],
    queryFn: ({ signal }) =>
      apiFetch<Leaderboard>(
        campaignPath(campaignId, period === null ? '/leaderboard' : `/leaderboard?period=${period}`),
        { signal },
      ),
    refetchInterval: (query) => {
      const { data, status } = query.state;
      if (data?.final || (status === 'error' && data === undefined)) return false;
      return LEADERBOARD_POLL_MS;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * A correction as the form sends it: a figure that is not a count goes as typed, for the server's schema to
 * refuse in its own words.
 */
export type FiguresCorrectionBody = Omit<MetricsCorrectionBody, FigureName> &
  Partial<Record<FigureName, number | string | null>>;
type FigureName = 'views' | 'likes' | 'comments' | 'shares';

export type FiguresCorrection = { entryId: string; body: FiguresCorrectionBody };

/** Corrects one entry's figures: a reading beside the one it replaces. The board is read again after. */
export function useCorrectFigures(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body }: FiguresCorrection) =>
      apiFetch<MetricReading>(campaignPath(campaignId, `/entries/${encodeURIComponent(entryId)}/metrics`), {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaderboardQueryKey(campaignId) }),
  });
}
