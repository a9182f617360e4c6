/** Platforms of the marketing area (SPEC §3). */
export const MARKETING_PLATFORMS = ['Youtube', 'Instagram', 'TikTok'] as const;
export type MarketingPlatform = (typeof MARKETING_PLATFORMS)[number];

/** Platforms creators submit entries on (SPEC §3). */
export const CREATOR_PLATFORMS = ['TikTok', 'Instagram', 'Snapchat', 'Youtube'] as const;
export type CreatorPlatform = (typeof CREATOR_PLATFORMS)[number];

export const PLATFORMS = CREATOR_PLATFORMS;
export type Platform = CreatorPlatform;

/** How a platform is written in sentences shown to people (the stored value stays the spec's spelling). */
export const PLATFORM_LABELS: Record<Platform, string> = {
  TikTok: 'TikTok',
  Instagram: 'Instagram',
  Snapchat: 'Snapchat',
  Youtube: 'YouTube',
};
