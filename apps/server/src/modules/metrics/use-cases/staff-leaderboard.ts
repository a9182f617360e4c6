import type { Leaderboard, LeaderboardQuery } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { leaderboardOf } from '../leaderboard';
import type { MetricsContext } from '../metrics.context';

/** The console's leaderboard of a campaign in the caller's scope. */
export async function staffLeaderboard(
  context: MetricsContext,
  caller: StaffCaller,
  campaignId: string,
  query: LeaderboardQuery,
): Promise<Leaderboard> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  return leaderboardOf(context, campaign, query, { kind: 'staff' });
}
