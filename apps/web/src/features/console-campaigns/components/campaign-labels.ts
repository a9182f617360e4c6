import {
  PLATFORM_LABELS,
  type CampaignStatus,
  type CampaignType,
  type MarketingPlatform,
  type RewardType,
} from '@platform/shared';

export {
  CAMPAIGN_STATUS_COLORS as STATUS_COLORS,
  CAMPAIGN_STATUS_LABELS as STATUS_LABELS,
} from '../../../lib/campaign-status-words';

/** The statuses in the order a campaign goes through them, for the list's filter. */
export const STATUS_ORDER: readonly CampaignStatus[] = [
  'DRAFT',
  'PENDING',
  'REJECTED',
  'PUBLISHED',
  'LIVE',
  'PAUSED',
  'UNPUBLISH',
  'ENDED',
];

export const TYPE_LABELS: Readonly<Record<CampaignType, string>> = {
  CHALLENGE: 'Challenge',
  BESPOKE: 'Bespoke',
};

/** Who may take part, in a marketer's words (DESIGN §7). */
export const TYPE_DESCRIPTIONS: Readonly<Record<CampaignType, string>> = {
  CHALLENGE:
    'Open to every eligible creator: active creators in the campaign’s territories join by themselves.',
  BESPOKE: 'By invitation only: you choose and invite the creators who take part.',
};

export const REWARD_LABELS: Readonly<Record<RewardType, string>> = {
  FIRST_COME_FIRST_SERVE: 'First come, first served',
  TOP_PRIZES: 'Top prizes',
  SPRINT: 'Sprint',
  PAY_PER_VIEW: 'Pay per view',
};

/** How each reward pays (DESIGN §8). */
export const REWARD_DESCRIPTIONS: Readonly<Record<RewardType, string>> = {
  FIRST_COME_FIRST_SERVE:
    'A fixed amount for every approved entry, until the slots are taken. A rejected entry frees its slot.',
  TOP_PRIZES: 'A prize for each place on the leaderboard when the campaign ends.',
  SPRINT: 'The campaign is cut into periods; each period has its own leaderboard and prizes.',
  PAY_PER_VIEW:
    'A rate for every 1,000 validated views of each approved entry, within caps per entry and per creator, until the budget is spent.',
};

export const platformLabel = (platform: MarketingPlatform) => PLATFORM_LABELS[platform];
