/** Marketing-area roles (SPEC §6). */
export const MARKETING_ROLES = [
  'CampaignMarketer',
  'CampaignManager',
  'CampaignViewer',
  'StatsViewer',
  'Admin',
  'Support',
  'TerritoryManager',
] as const;
export type MarketingRole = (typeof MARKETING_ROLES)[number];

/** The roles as the console names them. */
export const STAFF_ROLE_LABELS: Readonly<Record<MarketingRole, string>> = {
  CampaignMarketer: 'Campaign marketer',
  CampaignManager: 'Campaign manager',
  CampaignViewer: 'Campaign viewer',
  StatsViewer: 'Stats viewer',
  Admin: 'Admin',
  Support: 'Support',
  TerritoryManager: 'Territory manager',
};

/** Staff roles as spelled on the creator side (SPEC §6). */
export const STAFF_ROLES = [
  'ADMIN',
  'CAMPAIGN_MARKETER',
  'STATS_VIEWER',
  'TERRITORY_MANAGER',
  'CAMPAIGN_MANAGER',
  'CAMPAIGN_VIEWER',
  'SUPPORT',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_BY_MARKETING_ROLE: Record<MarketingRole, StaffRole> = {
  CampaignMarketer: 'CAMPAIGN_MARKETER',
  CampaignManager: 'CAMPAIGN_MANAGER',
  CampaignViewer: 'CAMPAIGN_VIEWER',
  StatsViewer: 'STATS_VIEWER',
  Admin: 'ADMIN',
  Support: 'SUPPORT',
  TerritoryManager: 'TERRITORY_MANAGER',
};

export const MARKETING_ROLE_BY_STAFF_ROLE = Object.fromEntries(
  Object.entries(STAFF_ROLE_BY_MARKETING_ROLE).map(([marketing, staff]) => [staff, marketing]),
) as Record<StaffRole, MarketingRole>;

/** Every account is a creator or has one staff role. */
export const ACCOUNT_ROLES = ['Creator', ...MARKETING_ROLES] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
