// zod/mini, like the other contracts the creator's pages load (ADR 009).
import { z } from 'zod/mini';
import { ENTRY_EVENTS, type EntryEvent } from '../vocabulary/campaign';
import { ENTRY_REJECTION_LABELS, type EntryRejectionReason } from './entry';
import { schema } from './build-schema';

/** The events a creator is told of (SPEC §4): the in-app feed always has them; email and push by choice. */
export const NOTIFICATION_EVENTS = ENTRY_EVENTS;
export type NotificationEvent = EntryEvent;

/** The channels besides the in-app feed, each chosen per event by the creator. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How a notification went out by push: waiting, sent, not sent (no device, not chosen, push off), or failed. */
export const PUSH_STATES = ['PENDING', 'SENT', 'SKIPPED', 'FAILED'] as const;
export type PushState = (typeof PUSH_STATES)[number];

/** What a creator chooses for each event when they have not said otherwise. */
export const DEFAULT_NOTIFICATION_CHOICE: Readonly<Record<NotificationChannel, boolean>> = {
  email: true,
  push: true,
};

/** The settings screen's name of each event. */
export const NOTIFICATION_EVENT_LABELS: Readonly<Record<NotificationEvent, string>> = {
  VIDEO_SUBMITTED: 'A video you uploaded is in',
  VIDEO_APPROVED: 'A video of yours is approved',
  VIDEO_REJECTED: 'A video of yours is rejected',
  POST_SUBMITTED: 'A post you entered is in',
  POST_APPROVED: 'A post of yours is approved',
  POST_REJECTED: 'A post of yours is rejected',
  POST_ARCHIVED: 'A post of yours is archived',
  PAYMENT_APPROVED: 'A payment to you is approved',
  PAYMENT_REJECTED: 'A payment to you is rejected',
};

/** What caused a notification, as far as its words need. */
export type NotificationFacts = {
  event: NotificationEvent;
  campaignName: string;
  /** Why an entry or a payment was rejected: a reason from the list and, for OTHER, the reviewer's words. */
  rejection?: { reason: EntryRejectionReason; note: string | null } | { reason: null; note: string } | null;
  /** A payment's amount as the creator reads it ('£250.00'). */
  amount?: string | null;
};

const rejectionWords = (rejection: NotificationFacts['rejection']): string => {
  if (!rejection) return '';
  const reason = rejection.reason ? ENTRY_REJECTION_LABELS[rejection.reason] : null;
  const said = [reason && rejection.reason !== 'OTHER' ? reason : null, rejection.note]
    .filter(Boolean)
    .join(': ');
  if (!said) return '';
  // The reviewer's words often end their own sentence.
  return ` Reason: ${said}${/[.!?…]$/.test(said) ? '' : '.'}`;
};

/**
 * A notification's title and body, the same in the feed, the email and the push: written once, when the
 * event happens, so a campaign renamed later does not change what the creator was told.
 */
export function notificationText(facts: NotificationFacts): { title: string; body: string } {
  const { campaignName: campaign } = facts;
  const reason = rejectionWords(facts.rejection);
  const amount = facts.amount ? `${facts.amount} ` : '';
  switch (facts.event) {
    case 'VIDEO_SUBMITTED':
      return { title: 'Video received', body: `Your video for ${campaign} is in, and waiting for review.` };
    case 'VIDEO_APPROVED':
      return { title: 'Video approved', body: `Your video for ${campaign} is approved.` };
    case 'VIDEO_REJECTED':
      return {
        title: 'Video rejected',
        body: `Your video for ${campaign} was not approved.${reason} You can change it and send it again.`,
      };
    case 'POST_SUBMITTED':
      return { title: 'Post received', body: `Your post for ${campaign} is in, and waiting for review.` };
    case 'POST_APPROVED':
      return { title: 'Post approved', body: `Your post for ${campaign} is approved.` };
    case 'POST_REJECTED':
      return {
        title: 'Post rejected',
        body: `Your post for ${campaign} was not approved.${reason} You can change the link and send it again.`,
      };
    case 'POST_ARCHIVED':
      return { title: 'Post archived', body: `Your post for ${campaign} has been archived.` };
    case 'PAYMENT_APPROVED':
      return { title: 'Payment approved', body: `Your ${amount}payment for ${campaign} is approved.` };
    case 'PAYMENT_REJECTED':
      return {
        title: 'Payment rejected',
        body: `Your ${amount}payment for ${campaign} was rejected.${reason}`,
      };
  }
}

/** One notification in the creator's feed. */
export const notificationSchema = schema(() =>
  z.object({
    id: z.string(),
    event: z.enum(NOTIFICATION_EVENTS),
    title: z.string(),
    body: z.string(),
    /** The app's page the notification is about (`/campaigns/{id}`), or null. */
    link: z.nullable(z.string()),
    campaignId: z.nullable(z.string()),
    createdAt: z.string(),
    readAt: z.nullable(z.string()),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * GET /server-api/notifications?before={cursor}: the newest notifications first, `NOTIFICATION_PAGE_SIZE`
 * at a time; `nextCursor` asks for the ones before the last, null at the end. `unreadCount` is for the badge.
 */
export const notificationFeedQuerySchema = schema(() =>
  z.object({ before: z.optional(z.string().check(z.maxLength(200, { error: 'Unknown cursor' }))) }),
);
export type NotificationFeedQuery = z.infer<typeof notificationFeedQuerySchema>;

export const notificationFeedSchema = schema(() =>
  z.object({
    items: z.array(notificationSchema),
    nextCursor: z.nullable(z.string()),
    unreadCount: z.number().check(z.int()),
  }),
);
export type NotificationFeed = z.infer<typeof notificationFeedSchema>;

/** GET /server-api/notifications/unread-count, and the answer of marking read. */
export const unreadCountSchema = schema(() => z.object({ unreadCount: z.number().check(z.int()) }));
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** One event's choice of channels. */
export const notificationChoiceSchema = schema(() =>
  z.object({
    event: z.enum(NOTIFICATION_EVENTS, { error: 'Unknown notification' }),
    email: z.boolean({ error: 'Choose yes or no' }),
    push: z.boolean({ error: 'Choose yes or no' }),
  }),
);
export type NotificationChoice = z.infer<typeof notificationChoiceSchema>;

/**
 * GET and PUT /server-api/notifications/preferences: every event with its channels. A PUT may name only
 * some events; the others keep their choice. `pushAvailable` says whether this platform sends pushes at
 * all (none is configured: the choice is kept for when one is).
 */
export const notificationPreferencesSchema = schema(() =>
  z.object({ choices: z.array(notificationChoiceSchema), pushAvailable: z.boolean() }),
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesBodySchema = schema(() =>
  z.object({
    choices: z
      .array(notificationChoiceSchema)
      .check(z.maxLength(NOTIFICATION_EVENTS.length, { error: 'Too many choices' })),
  }),
);
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;
