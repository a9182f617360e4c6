/** Campaign status (SPEC §4). */
export const CAMPAIGN_STATUSES = [
  'DRAFT',
  'PUBLISHED',
  'PENDING',
  'UNPUBLISH',
  'LIVE',
  /** Live, but taking no joins or entries for now: staff paused it, or its budget is spent (ADR 038). */
  'PAUSED',
  'ENDED',
  'REJECTED',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Campaign type (SPEC §4). */
export const CAMPAIGN_TYPES = ['CHALLENGE', 'BESPOKE'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** Reward type (SPEC §4). */
export const REWARD_TYPES = ['FIRST_COME_FIRST_SERVE', 'TOP_PRIZES', 'SPRINT', 'PAY_PER_VIEW'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** RSVP status (SPEC §4). */
export const RSVP_STATUSES = [
  'INVITED',
  'ACCEPT',
  'DECLINE',
  'REINVITED',
  'UNINVITED',
  'UNSELECTED',
] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Entry and notification events (SPEC §4). */
export const ENTRY_EVENTS = [
  'VIDEO_SUBMITTED',
  'VIDEO_APPROVED',
  'VIDEO_REJECTED',
  'POST_SUBMITTED',
  'POST_REJECTED',
  'POST_APPROVED',
  'POST_ARCHIVED',
  'PAYMENT_APPROVED',
  'PAYMENT_REJECTED',
] as const;
export type EntryEvent = (typeof ENTRY_EVENTS)[number];
