// zod/mini, like the other contracts the creator's pages load (ADR 009).
import { z } from 'zod/mini';
import { ENTRY_EVENTS } from '../vocabulary/campaign';
import { ENTRY_REJECTION_LABELS, type EntryRejectionReason } from './entry';
import { schema } from './build-schema';

/**
 * Who hears of each kind of notification: creators of their entries, payments and campaigns that match
 * what they chose (SPEC §4, ADR 020); staff of the work waiting for them (ADR 031).
 */
export const NOTIFICATION_AUDIENCES = ['creator', 'staff'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** The kinds a creator is told of: SPEC §4's events, and a campaign for an artist they chose going live. */
export const CREATOR_NOTIFICATION_EVENTS = [
  ...ENTRY_EVENTS,
  'CAMPAIGN_LIVE',
  'ENTRY_CHANGES_REQUESTED',
  'EARNINGS_HELD',
  'HOLD_DECIDED',
  'PAYMENT_CLAWED_BACK',
] as const;

/** The kinds staff are told of: work that waits for them, and what became of their own. */
export const STAFF_NOTIFICATION_EVENTS = [
  'CAMPAIGN_SUBMITTED',
  'CAMPAIGN_APPROVED',
  'CAMPAIGN_REJECTED',
  'IDENTITY_CHECK_WAITING',
  'HANDLE_EVIDENCE_WAITING',
  'HOLD_APPEAL_WAITING',
  'ENTRIES_WAITING',
  'FIGURES_FAILED',
  'BUDGET_ALERT',
] as const;

/**
 * Every kind of notification, the one list the preferences, the feed and the server read: the in-app feed
 * always has them; email (and, for creators, push) by choice.
 */
export const NOTIFICATION_EVENTS = [...CREATOR_NOTIFICATION_EVENTS, ...STAFF_NOTIFICATION_EVENTS] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

const STAFF_EVENT_SET: ReadonlySet<NotificationEvent> = new Set(STAFF_NOTIFICATION_EVENTS);
const VIEW_CHECK_EVENT_SET: ReadonlySet<NotificationEvent> = new Set([
  'ENTRY_CHANGES_REQUESTED',
  'EARNINGS_HELD',
  'HOLD_DECIDED',
  'PAYMENT_CLAWED_BACK',
]);

export const notificationAudienceOf = (event: NotificationEvent): NotificationAudience =>
  STAFF_EVENT_SET.has(event) ? 'staff' : 'creator';

/** The kinds a person of `audience` is told of, in the order their settings list them. */
export const notificationEventsFor = (audience: NotificationAudience): readonly NotificationEvent[] =>
  NOTIFICATION_EVENTS.filter((event) => notificationAudienceOf(event) === audience);

/** The channels besides the in-app feed, each chosen per event by the creator. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels each audience may choose: staff work in the console, which registers no device for push. */
export const NOTIFICATION_CHANNELS_OF: Readonly<
  Record<NotificationAudience, readonly NotificationChannel[]>
> = {
  creator: NOTIFICATION_CHANNELS,
  staff: ['email'],
};

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
  CAMPAIGN_LIVE: 'A campaign for an artist you chose goes live',
  ENTRY_CHANGES_REQUESTED: 'A reviewer asks for changes to an entry of yours',
  EARNINGS_HELD: 'The earnings of an entry of yours are held for a check of its views',
  HOLD_DECIDED: 'A check of your entry’s views is decided',
  PAYMENT_CLAWED_BACK: 'Money paid to you is taken back',
  CAMPAIGN_SUBMITTED: 'A campaign is waiting for your review',
  CAMPAIGN_APPROVED: 'A campaign you sent for review is approved',
  CAMPAIGN_REJECTED: 'A campaign you sent for review is rejected',
  IDENTITY_CHECK_WAITING: 'An identity check is waiting for review',
  HANDLE_EVIDENCE_WAITING: 'Evidence that a handle is a creator’s own is waiting for review',
  HOLD_APPEAL_WAITING: 'A creator appealed a hold on their entry’s earnings',
  ENTRIES_WAITING: 'Entries are waiting for review (a digest, at most hourly)',
  FIGURES_FAILED: 'Figures of entries could not be read',
  BUDGET_ALERT: 'A campaign’s budget is 50, 80 or 95 % reserved',
};

/** What caused a notification, as far as its words need. */
export type NotificationFacts = {
  event: NotificationEvent;
  campaignName: string;
  /** Why an entry or a payment was rejected: a reason from the list and, for OTHER, the reviewer's words. */
  rejection?: { reason: EntryRejectionReason; note: string | null } | { reason: null; note: string } | null;
  /** A payment's amount as the creator reads it ('£250.00'). */
  amount?: string | null;
  /** How many entries wait, how many posts' figures could not be read, or the budget's share reserved. */
  count?: number;
  /**
   * Who or what it is about: the creator whose identity check waits, the artist or genre of a campaign
   * gone live, why figures could not be read, what a reviewer asks to change, why earnings are held or
   * how a hold was decided, or why money is taken back.
   */
  subject?: string;
};

/** Words of a reviewer or of the system, as a sentence of their own after the first. */
const sentence = (words: string | undefined) =>
  words ? ` ${words.trim()}${/[.!?…]$/.test(words.trim()) ? '' : '.'}` : '';

const entriesWord = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);

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

type EntryOrLive = (typeof ENTRY_EVENTS)[number] | 'CAMPAIGN_LIVE';
type ViewCheckEvent = Exclude<(typeof CREATOR_NOTIFICATION_EVENTS)[number], EntryOrLive>;
type StaffEvent = (typeof STAFF_NOTIFICATION_EVENTS)[number];

/** What creators are told of their entries, payments and campaigns. */
function creatorText(facts: NotificationFacts & { event: EntryOrLive }): { title: string; body: string } {
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
    case 'CAMPAIGN_LIVE':
      return {
        title: 'A campaign for you is live',
        body: `${campaign}${facts.subject ? `, for ${facts.subject},` : ''} is live in your country. Take a look and join in.`,
      };
  }
}

/** What creators are told of requested changes, held earnings and money taken back (ADR 037). */
function viewCheckText(facts: NotificationFacts & { event: ViewCheckEvent }): {
  title: string;
  body: string;
} {
  const { campaignName: campaign } = facts;
  const amount = facts.amount ? `${facts.amount} ` : '';
  switch (facts.event) {
    case 'ENTRY_CHANGES_REQUESTED':
      return {
        title: 'Changes requested',
        body: `Your entry for ${campaign} needs a change before it can be approved.${sentence(facts.subject)} Change it and send it again.`,
      };
    case 'EARNINGS_HELD':
      return {
        title: 'Earnings held for a check',
        body: `The earnings of your entry for ${campaign} are held while we check its views.${sentence(facts.subject)} You can appeal with a recording of your post’s insights.`,
      };
    case 'HOLD_DECIDED':
      return {
        title: 'Check of your views decided',
        body: `The check of your entry for ${campaign} is decided.${sentence(facts.subject)}`,
      };
    case 'PAYMENT_CLAWED_BACK':
      return {
        title: 'Money taken back',
        body: `${amount ? `${amount.trim()} paid` : 'Money paid'} for your entry in ${campaign} is taken back from your next payment.${sentence(facts.subject)}`,
      };
  }
}

/** What staff are told of the work waiting for them and of their own campaigns. */
function staffText(facts: NotificationFacts & { event: StaffEvent }): { title: string; body: string } {
  const { campaignName: campaign } = facts;
  const reason = rejectionWords(facts.rejection);
  switch (facts.event) {
    case 'BUDGET_ALERT':
      return {
        title: `Budget ${facts.count ?? 0} % reserved`,
        body: `${facts.count ?? 0} % of the budget of ${campaign} is reserved by what its entries have earned.${sentence(facts.subject)}`,
      };
    case 'HOLD_APPEAL_WAITING':
      return {
        title: 'Appeal waiting',
        body: `${facts.subject ?? 'A creator'} appealed the hold on their entry for ${campaign}: it is waiting for your decision.`,
      };
    case 'CAMPAIGN_SUBMITTED':
      return { title: 'Campaign waiting for review', body: `${campaign} is waiting for your review.` };
    case 'CAMPAIGN_APPROVED':
      return {
        title: 'Campaign approved',
        body: `${campaign} is approved: it goes live at its start time.`,
      };
    case 'CAMPAIGN_REJECTED':
      return {
        title: 'Campaign rejected',
        body: `${campaign} was not approved.${reason} Edit it and send it for review again.`,
      };
    case 'IDENTITY_CHECK_WAITING':
      return {
        title: 'Identity check waiting',
        body: `${facts.subject ?? 'A creator'} sent their identity document and selfie: the check is waiting for review.`,
      };
    case 'HANDLE_EVIDENCE_WAITING':
      return {
        title: 'Handle evidence waiting',
        body: `${facts.subject ?? 'A creator'} sent a recording to show a handle is theirs: it is waiting for review.`,
      };
    case 'ENTRIES_WAITING': {
      const count = facts.count ?? 0;
      return {
        title: 'Entries waiting for review',
        body: `${entriesWord(count)} for ${campaign} ${count === 1 ? 'is' : 'are'} waiting for review.`,
      };
    }
    case 'FIGURES_FAILED': {
      const count = facts.count ?? 0;
      const why = facts.subject ? ` ${facts.subject}` : '';
      return {
        title: 'Figures could not be read',
        body: `The figures of ${entriesWord(count)} for ${campaign} could not be read.${why}`,
      };
    }
  }
}

/**
 * A notification's title and body, the same in the feed, the email and the push: written once, when the
 * event happens, so a campaign renamed later does not change what the creator was told.
 */
export function notificationText(facts: NotificationFacts): { title: string; body: string } {
  const { event } = facts;
  if (STAFF_EVENT_SET.has(event)) return staffText({ ...facts, event: event as StaffEvent });
  if (VIEW_CHECK_EVENT_SET.has(event)) return viewCheckText({ ...facts, event: event as ViewCheckEvent });
  return creatorText({ ...facts, event: event as EntryOrLive });
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
 * GET and PUT /server-api/notifications/preferences: every event of the caller's audience with its
 * channels. A PUT may name only some events; the others keep their choice; an event of the other audience
 * is a 400. `pushAvailable` says whether this platform sends pushes at
 * all (none is configured: the choice is kept for when one is).
 */
export const notificationPreferencesSchema = schema(() =>
  z.object({
    /** Whose kinds these are: a creator's, or a staff member's (who chooses email only). */
    audience: z.enum(NOTIFICATION_AUDIENCES),
    choices: z.array(notificationChoiceSchema),
    pushAvailable: z.boolean(),
  }),
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
