/** The creator's campaigns: `/server-api/campaigns` (SPEC §7). */
export const creatorCampaignsPath = '/server-api/campaigns';

export const creatorCampaignPath = (id: string) => `${creatorCampaignsPath}/${encodeURIComponent(id)}`;

/** Every cached creator campaign list and campaign starts with this key. */
export const creatorCampaignsQueryKey = ['creator-campaigns'] as const;

export const creatorCampaignQueryKey = (id: string) => [...creatorCampaignsQueryKey, 'detail', id] as const;
