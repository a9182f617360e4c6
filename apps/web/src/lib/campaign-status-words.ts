import type { CampaignStatus } from '@platform/shared';

/** A campaign's status in the console's words, wherever campaigns are listed: campaigns and reports. */
export const CAMPAIGN_STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  DRAFT: 'Draft',
  PENDING: 'Waiting for review',
  REJECTED: 'Rejected',
  PUBLISHED: 'Published',
  LIVE: 'Live',
  PAUSED: 'Paused',
  UNPUBLISH: 'Unpublished',
  ENDED: 'Ended',
};

/** The colour of a campaign status's badge. */
export const CAMPAIGN_STATUS_COLORS: Readonly<Record<CampaignStatus, string>> = {
  DRAFT: 'gray',
  PENDING: 'yellow',
  REJECTED: 'red',
  PUBLISHED: 'blue',
  LIVE: 'teal',
  PAUSED: 'grape',
  UNPUBLISH: 'orange',
  ENDED: 'dark',
};
