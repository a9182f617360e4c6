import { paths } from './paths';

/** Where a creator reads a campaign's leaderboard (the router's `/campaigns/:id/leaderboard`). */
export const leaderboardPath = (campaignId: string) =>
  `${paths.campaigns}/${encodeURIComponent(campaignId)}/leaderboard`;
