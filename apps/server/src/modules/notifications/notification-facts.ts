import {
  type AccountRole,
  type NotificationAudience,
  type NotificationEvent,
  type NotificationFacts,
  type PermissionAction,
  type PermissionResource,
} from '@platform/shared';
import { PUSH_SKIPPED_NOTE } from '../../adapters/push/disabled-push-sender';

/** What caused a notification and whom it is for: the words are made from it once, when it happens. */
export type NotifyInput = {
  accountId: string;
  event: NotificationEvent;
  campaignId: string | null;
  campaignName: string;
  rejection?: NotificationFacts['rejection'];
  amount?: string | null;
  count?: number;
  subject?: string;
  /** The page it leads to; a creator's campaign page (`/campaigns/{id}`) unless told. */
  link?: string;
};

/** A campaign as far as deciding who may see it goes: its team, and its territories. */
export type CampaignReach = {
  id: string;
  name: string;
  teamId: string;
  territoryIds: readonly string[];
};

/** The permission a staff member must hold, in scope of the campaign when there is one, to be told. */
export type StaffWork = { action: PermissionAction; resource: PermissionResource };

/**
 * Staff to tell of `event`: those whose role grants `work`, reaching `campaign` (their team's, or one of
 * their territories', or any with a grant over all). `among` narrows them to some people (the one who sent a
 * campaign for review); `except` leaves out the one who caused it.
 */
export type StaffNotifyInput = Omit<NotifyInput, 'accountId' | 'campaignId' | 'campaignName' | 'link'> & {
  work: StaffWork;
  campaign: CampaignReach | null;
  link: string;
  among?: readonly string[];
  except?: readonly (string | null)[];
};

/** The campaigns with entries waiting for review, as the entries module counts them. */
export type WaitingEntries = CampaignReach & { waiting: number; newestSubmittedAt: Date };

/** Entries waiting are told at most once an hour to each person: one email listing every campaign. */
export const ENTRIES_DIGEST_PERIOD_MS = 60 * 60 * 1000;

export const PUSH_NOTES = {
  notChosen: 'The creator chose not to get this notification by push.',
  staff: 'Staff are told in the console and by email; the console registers no device for push.',
  notConfigured: PUSH_SKIPPED_NOTE,
  noDevice: 'No device registered: the creator’s app has not registered a device for push notifications.',
  allDevicesGone:
    'No device could receive it: the push provider says every registered device token is dead, so they were forgotten.',
} as const;

export const FEED_MESSAGES = { unknownCursor: 'Unknown cursor' } as const;

export const PREFERENCE_MESSAGES = {
  none: 'Choose at least one notification',
  repeated: 'Choose once for each notification',
  unknown: 'Unknown notification',
} as const;

export const audienceOfRole = (role: AccountRole): NotificationAudience =>
  role === 'Creator' ? 'creator' : 'staff';

/** A push is news for a quarter of an hour (the sixth attempt); later, the feed and the email have told. */
export const PUSH_MAX_ATTEMPTS = 6;
export const PUSH_BATCH_SIZE = 20;
/** Longer than a batch can take: every device's send has its own time-out, and a batch sends at once. */
export const PUSH_CLAIM_SECONDS = 120;

/** Retries back off from 30 s, doubling, up to 15 minutes. */
export function pushRetryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 15 * 60);
}

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Who hears of entries waiting: whoever may review a campaign's entries, in scope of it. */
export const ENTRIES_REVIEW: StaffWork = { action: 'REVIEW', resource: 'CAMPAIGN_SUBMISSION' };
