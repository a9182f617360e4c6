/** A campaign as the creator reads it (SPEC §7), for its name and prize table beside the board. */
export const creatorCampaignPath = (id: string) => `/server-api/campaigns/${encodeURIComponent(id)}`;

/** GET /server-api/campaigns/{id}/leaderboard?period=N (SPEC §7, ADR 024). */
export function creatorLeaderboardPath(id: string, period: number | null): string {
  const board = `${creatorCampaignPath(id)}/leaderboard`;
  return period === null ? board : `${board}?${new URLSearchParams({ period: String(period) }).toString()}`;
}

/** `?period=N` as the server takes it: a whole number from 1; anything else is the current period. */
export function leaderboardPeriodParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,4}$/.test(value)) return null;
  return Number(value);
}

/** Every cached board of a campaign starts with this key; null is the period the server chooses. */
export const leaderboardQueryKey = (id: string, period: number | null) =>
  ['leaderboard', id, period] as const;

export const leaderboardCampaignQueryKey = (id: string) => ['leaderboard-campaign', id] as const;
