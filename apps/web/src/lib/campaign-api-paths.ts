/** The console's campaigns: `/server-api/marketing/campaigns`. */
export const campaignsPath = (rest = '') => `/server-api/marketing/campaigns${rest}`;

/** One campaign's address, and what hangs off it (`/submit`, `/assets`…). */
export const campaignPath = (id: string, rest = '') => campaignsPath(`/${encodeURIComponent(id)}${rest}`);

/** Every cached campaign list and campaign starts with this key. */
export const campaignsQueryKey = ['campaigns'] as const;

/** The lists alone: a write refreshes them, while the campaign it changed is taken from its answer. */
export const campaignListsQueryKey = [...campaignsQueryKey, 'list'] as const;

/** A campaign's board as staff read it: a correction or an import reads it again. */
export const leaderboardQueryKey = (campaignId: string) =>
  [...campaignsQueryKey, 'leaderboard', campaignId] as const;
