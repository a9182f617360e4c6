import type { Leaderboard, LeaderboardQuery } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import { leaderboardOf } from '../leaderboard';
import type { MetricsContext } from '../metrics.context';

/** GET /server-api/campaigns/{id}/leaderboard (SPEC §7): for a campaign the creator may see. */
export async function creatorLeaderboard(
  context: MetricsContext,
  user: RequestUser,
  campaignId: string,
  query: LeaderboardQuery,
): Promise<Leaderboard> {
  const key = `${user.accountId}:${campaignId}`;
  let campaign = context.boards.viewer(key)?.campaign;
  if (!campaign) {
    campaign = (await context.campaignsService.creatorCampaignFacts(user.accountId, campaignId)) ?? undefined;
    if (!campaign) throw errors.notFound();
    context.boards.rememberViewer(key, { campaign, named: null });
  }
  return leaderboardOf(context, campaign, query, { kind: 'creator', creatorId: user.accountId });
}
