/** The checks on a creator's entries to one campaign: `/server-api/creator/campaigns/{id}/view-checks`. */
export const viewChecksPath = (campaignId: string) =>
  `/server-api/creator/campaigns/${encodeURIComponent(campaignId)}/view-checks`;

/** One of the creator's holds and its appeal: `/server-api/creator/holds/{id}…`. */
export const creatorHoldPath = (holdId: string, rest: string) =>
  `/server-api/creator/holds/${encodeURIComponent(holdId)}${rest}`;

export const viewChecksQueryKey = ['creator-view-checks'] as const;
