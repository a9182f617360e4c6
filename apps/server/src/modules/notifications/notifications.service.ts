import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_NOTIFICATION_CHOICE,
  grantScope,
  isUuid,
  MARKETING_ROLES,
  NOTIFICATION_PAGE_SIZE,
  notificationAudienceOf,
  notificationEventsFor,
  notificationText,
  type AccountRole,
  type Notification,
  type NotificationAudience,
  type NotificationChoice,
  type NotificationEvent,
  type NotificationFacts,
  type NotificationFeed,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type PermissionAction,
  type PermissionResource,
  type UnreadCount,
} from '@platform/shared';
import { PUSH_SKIPPED_NOTE } from '../../adapters/push/disabled-push-sender';
import {
  PushRejected,
  PushUnavailable,
  type PushMessage,
  type PushSender,
} from '../../adapters/push/push-sender';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../errors';
import type { AuthService } from '../auth/auth.service';
import type { CreatorService } from '../creator/creator.service';
import { emailTemplates, type EmailService } from '../email/email.service';
import type { TeamsService } from '../teams/teams.service';
import type { TerritoriesService } from '../territories/territories.service';
import {
  notificationsRepository as repository,
  type FeedPosition,
  type NotificationRow,
} from './notifications.repository';

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

const audienceOfRole = (role: AccountRole): NotificationAudience =>
  role === 'Creator' ? 'creator' : 'staff';

/** A push is news for a quarter of an hour (the sixth attempt); later, the feed and the email have told. */
export const PUSH_MAX_ATTEMPTS = 6;
const PUSH_BATCH_SIZE = 20;
/** Longer than a batch can take: every device's send has its own time-out, and a batch sends at once. */
const PUSH_CLAIM_SECONDS = 120;

/** Retries back off from 30 s, doubling, up to 15 minutes. */
export function pushRetryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 15 * 60);
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  event: row.event,
  title: row.title,
  body: row.body,
  link: row.link,
  campaignId: row.campaignId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

const encodeCursor = (row: FeedPosition): string =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

/** The position a cursor stands for, or a 400 on `before` for anything this server did not hand out. */
function decodeCursor(cursor: string): FeedPosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (rest.length > 0 || !id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw errors.validation([{ field: 'before', message: FEED_MESSAGES.unknownCursor }]);
  }
  return { createdAt, id };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export type NotificationsDependencies = {
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  emailService: Pick<EmailService, 'enqueue'>;
  authService: Pick<AuthService, 'findAccountById' | 'activeStaffWithRoles'>;
  creatorService: Pick<CreatorService, 'pushDeviceTokens' | 'forgetDevice'>;
  teamsService: Pick<TeamsService, 'memberIdsOf'>;
  territoriesService: Pick<TerritoriesService, 'managerIdsOf'>;
  push: PushSender;
  publicUrl: string;
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Who hears of entries waiting: whoever may review a campaign's entries, in scope of it. */
const ENTRIES_REVIEW: StaffWork = { action: 'REVIEW', resource: 'CAMPAIGN_SUBMISSION' };

/**
 * The creator's notifications (SPEC §4): every event reaches their feed; email and push as they chose.
 * All three are written in the transaction of the change that causes them, so a change that rolls back
 * tells no one; the push job sends pushes afterwards, with retries.
 */
export function createNotificationsService({
  db,
  clock,
  logger,
  emailService,
  authService,
  creatorService,
  teamsService,
  territoriesService,
  push,
  publicUrl,
}: NotificationsDependencies) {
  const choiceFor = async (executor: Executor, accountId: string, event: NotificationEvent) => {
    const row = await repository.choiceFor(executor, accountId, event);
    return row ? { email: row.email, push: row.push } : DEFAULT_NOTIFICATION_CHOICE;
  };

  const settle = (row: NotificationRow, outcome: Pick<NotificationRow, 'pushState' | 'pushNote'>) =>
    repository.settlePush(db, row, { ...outcome, pushNextAt: null });

  /** What became of the sends to every device, once each has answered. */
  function describeDelivery(sent: number, forgotten: number, skippedNote: string | undefined) {
    const gone = forgotten > 0 ? ` ${plural(forgotten, 'dead device token')} forgotten.` : '';
    if (sent > 0)
      return { pushState: 'SENT' as const, pushNote: `Sent to ${plural(sent, 'device')}.${gone}` };
    if (skippedNote) return { pushState: 'SKIPPED' as const, pushNote: skippedNote };
    return { pushState: 'SKIPPED' as const, pushNote: PUSH_NOTES.allDevicesGone };
  }

  /**
   * Sends one claimed push to each of the creator's devices. A provider that cannot take it now means a
   * retry for every device: a device reached before may then get it twice, which is better than none.
   */
  async function deliver(row: NotificationRow): Promise<void> {
    const tokens = await creatorService.pushDeviceTokens(row.accountId);
    if (tokens.length === 0) {
      await settle(row, { pushState: 'SKIPPED', pushNote: PUSH_NOTES.noDevice });
      return;
    }
    const message = {
      title: row.title,
      body: row.body,
      data: { notificationId: row.id, event: row.event, ...(row.link ? { link: row.link } : {}) },
    };
    let sent = 0;
    let forgotten = 0;
    let skippedNote: string | undefined;
    try {
      for (const token of tokens) {
        const outcome = await push.send(token, message);
        if (outcome.outcome === 'sent') sent += 1;
        else if (outcome.outcome === 'unregistered') {
          await creatorService.forgetDevice(row.accountId, token);
          forgotten += 1;
        } else skippedNote = outcome.note ?? PUSH_NOTES.notConfigured;
      }
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    await settle(row, describeDelivery(sent, forgotten, skippedNote));
  }

  async function recordFailure(row: NotificationRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const attempt = row.pushAttempts;
    if (error instanceof PushRejected) {
      logger.warn({ notificationId: row.id, error: reason }, 'the push provider refused a notification');
      await settle(row, { pushState: 'FAILED', pushNote: `The push provider refused it: ${reason}` });
      return;
    }
    if (!(error instanceof PushUnavailable)) {
      logger.error({ err: error, notificationId: row.id }, 'pushing a notification failed unexpectedly');
    }
    if (attempt >= PUSH_MAX_ATTEMPTS) {
      logger.warn({ notificationId: row.id, attempt, error: reason }, 'a notification’s push gave up');
      await settle(row, {
        pushState: 'FAILED',
        pushNote: `Not sent after ${plural(attempt, 'attempt')}: ${reason}`,
      });
      return;
    }
    // Asking again before the provider's own wait is over would only spend an attempt.
    const providerWait = error instanceof PushUnavailable ? (error.retryAfterSeconds ?? 0) : 0;
    const delaySeconds = Math.max(pushRetryDelaySeconds(attempt), providerWait);
    const retryAt = new Date(clock.now().getTime() + delaySeconds * 1000);
    logger.warn(
      { notificationId: row.id, attempt, error: reason, retryAt },
      'a notification’s push will be tried again',
    );
    await repository.settlePush(db, row, {
      pushState: 'PENDING',
      pushNote: `Attempt ${attempt} failed: ${reason}`,
      pushNextAt: retryAt,
    });
  }

  const unreadCount = async (accountId: string): Promise<UnreadCount> => ({
    unreadCount: await repository.unreadCount(db, accountId),
  });

  /** Every event of the person's audience with their channels, the default where they have not chosen. */
  async function preferences(accountId: string, role: AccountRole): Promise<NotificationPreferences> {
    const audience = audienceOfRole(role);
    const rows = new Map((await repository.choicesOf(db, accountId)).map((row) => [row.event, row]));
    const choices: NotificationChoice[] = notificationEventsFor(audience).map((event) => {
      const row = rows.get(event);
      return { event, ...(row ? { email: row.email, push: row.push } : DEFAULT_NOTIFICATION_CHOICE) };
    });
    return { audience, choices, pushAvailable: audience === 'creator' && push.name !== 'none' };
  }

  /**
   * Writes one notification through `tx`: the feed row (or, for a kind told once per campaign while unread,
   * the unread one brought up to date), the email as the person chose, and the push state.
   */
  async function tell(tx: Executor, input: NotifyInput, options: { oneOpenPerCampaign?: boolean } = {}) {
    const account = await authService.findAccountById(input.accountId, tx);
    if (!account) throw new Error(`no account ${input.accountId} to notify`);
    const audience = notificationAudienceOf(input.event);
    const choice = await choiceFor(tx, input.accountId, input.event);
    const { title, body } = notificationText({
      event: input.event,
      campaignName: input.campaignName,
      ...(input.rejection !== undefined ? { rejection: input.rejection } : {}),
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
      ...(input.count !== undefined ? { count: input.count } : {}),
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
    });
    const link = input.link ?? (input.campaignId ? `/campaigns/${input.campaignId}` : null);
    const now = clock.now();
    const pushes = audience === 'creator' && choice.push && push.name !== 'none';
    const pushNote =
      audience === 'staff'
        ? PUSH_NOTES.staff
        : pushes
          ? null
          : choice.push
            ? PUSH_NOTES.notConfigured
            : PUSH_NOTES.notChosen;
    const open =
      options.oneOpenPerCampaign && input.campaignId
        ? await repository.refreshOpen(tx, {
            accountId: input.accountId,
            campaignId: input.campaignId,
            event: input.event,
            title,
            body,
            createdAt: now,
          })
        : null;
    const id = open ?? randomUUID();
    if (!open) {
      await repository.insert(tx, {
        id,
        accountId: input.accountId,
        event: input.event,
        title,
        body,
        link,
        campaignId: input.campaignId,
        createdAt: now,
        readAt: null,
        pushState: pushes ? 'PENDING' : 'SKIPPED',
        pushNote,
        pushAttempts: 0,
        pushNextAt: pushes ? now : null,
      });
    }
    const emailed = choice.email && account.status === 'ACTIVE';
    return { id, title, body, link, email: emailed ? account.email : null, audience };
  }

  /**
   * The staff whom `work` lets act on `campaign` (or, without one, whose grant reaches every record):
   * active accounts only, and only within their scope, so nobody hears of what they may not see.
   */
  async function staffWhoMay(
    tx: Executor,
    work: StaffWork,
    campaign: CampaignReach | null,
  ): Promise<string[]> {
    const scopes = new Map(
      MARKETING_ROLES.map((role) => [role, grantScope(role, work.action, work.resource)] as const),
    );
    const roles = MARKETING_ROLES.filter((role) => scopes.get(role) !== null);
    const staff = await authService.activeStaffWithRoles(roles, tx);
    if (staff.length === 0) return [];
    const needs = new Set(staff.map((person) => scopes.get(person.role as (typeof roles)[number])));
    const teamMembers = new Set(
      campaign && needs.has('team') ? await teamsService.memberIdsOf(campaign.teamId, tx) : [],
    );
    const territoryManagers = new Set(
      campaign && needs.has('territory')
        ? await territoriesService.managerIdsOf(campaign.territoryIds, tx)
        : [],
    );
    return staff
      .filter((person) => {
        switch (scopes.get(person.role as (typeof roles)[number])) {
          case 'all':
            return true;
          case 'team':
            return teamMembers.has(person.id);
          case 'territory':
            return territoryManagers.has(person.id);
          default:
            return false;
        }
      })
      .map((person) => person.id);
  }

  const staffEmail = (told: { title: string; body: string; link: string | null }) =>
    emailTemplates.notification({
      title: told.title,
      body: told.body,
      url: `${publicUrl}${told.link ?? '/console'}`,
      audience: 'staff',
    });

  return {
    /**
     * Tells the creator of `event` in the caller's transaction `tx`, and only there: the feed row, the
     * email (in the outbox) and the push (PENDING for the push job) are written or rolled back with the
     * change that causes them. Reads the creator's choice and email address through `tx` too.
     */
    notify: async (tx: Executor, input: NotifyInput): Promise<{ id: string }> => {
      const told = await tell(tx, input);
      // A deactivated account keeps its feed but is written to no more.
      if (told.email) {
        await emailService.enqueue(
          tx,
          told.email,
          emailTemplates.notification({
            title: told.title,
            body: told.body,
            url: `${publicUrl}${told.link ?? '/'}`,
            audience: told.audience,
          }),
        );
      }
      return { id: told.id };
    },

    /**
     * Tells the staff who must act (ADR 031), in the caller's transaction `tx` as `notify` does: each gets
     * the feed row and, as they chose, the email. Answers whom it told.
     */
    notifyStaff: async (tx: Executor, input: StaffNotifyInput): Promise<string[]> => {
      const { work, campaign, among, except, ...facts } = input;
      const left = new Set(except ?? []);
      const reached = await staffWhoMay(tx, work, campaign);
      const recipients = reached.filter(
        (accountId) => !left.has(accountId) && (among === undefined || among.includes(accountId)),
      );
      for (const accountId of recipients) {
        const told = await tell(tx, {
          ...facts,
          accountId,
          campaignId: campaign?.id ?? null,
          campaignName: campaign?.name ?? '',
        });
        if (told.email) await emailService.enqueue(tx, told.email, staffEmail(told));
      }
      return recipients;
    },

    /**
     * The entries digest (ADR 031): each person who may review entries hears, at most once a period, of
     * the campaigns in their scope with entries waiting, when some arrived since their last digest: one
     * email listing every such campaign with its count, and one unread feed row per campaign, brought up
     * to date rather than repeated. Each person's digest is claimed for the period in the transaction
     * that writes it, so that two workers, or a worker started again, never send it twice. Answers how
     * many people were told.
     */
    async sendEntriesDigests(waiting: readonly WaitingEntries[]): Promise<number> {
      if (waiting.length === 0) return 0;
      const now = clock.now();
      const periodStart = new Date(
        Math.floor(now.getTime() / ENTRIES_DIGEST_PERIOD_MS) * ENTRIES_DIGEST_PERIOD_MS,
      );
      const byPerson = new Map<string, WaitingEntries[]>();
      for (const campaign of waiting) {
        for (const accountId of await staffWhoMay(db, ENTRIES_REVIEW, campaign)) {
          byPerson.set(accountId, [...(byPerson.get(accountId) ?? []), campaign]);
        }
      }
      let told = 0;
      for (const [accountId, campaigns] of byPerson) {
        const last = await repository.lastDigestAt(db, accountId, 'ENTRIES_WAITING');
        if (last && !campaigns.some((campaign) => campaign.newestSubmittedAt > last)) continue;
        const sent = await db.transaction(async (tx) => {
          if (!(await repository.claimDigest(tx, accountId, 'ENTRIES_WAITING', periodStart, now))) {
            return false;
          }
          const lines: { name: string; waiting: number; url: string }[] = [];
          let email: string | null = null;
          for (const campaign of campaigns) {
            const link = `/console/campaigns/${campaign.id}`;
            const row = await tell(
              tx,
              {
                accountId,
                event: 'ENTRIES_WAITING',
                campaignId: campaign.id,
                campaignName: campaign.name,
                count: campaign.waiting,
                link,
              },
              { oneOpenPerCampaign: true },
            );
            email = row.email;
            lines.push({ name: campaign.name, waiting: campaign.waiting, url: `${publicUrl}${link}` });
          }
          if (email) {
            await emailService.enqueue(
              tx,
              email,
              emailTemplates.entriesDigest({ campaigns: lines, url: `${publicUrl}/console/campaigns` }),
            );
          }
          return true;
        });
        if (sent) told += 1;
      }
      return told;
    },

    /** A page of the creator's feed, newest first, after `before` (a cursor this feed handed out). */
    async feed(accountId: string, before?: string): Promise<NotificationFeed> {
      const after = before ? decodeCursor(before) : null;
      const rows = await repository.page(db, accountId, after, NOTIFICATION_PAGE_SIZE + 1);
      const items = rows.slice(0, NOTIFICATION_PAGE_SIZE);
      const last = items.at(-1);
      return {
        items: items.map(toNotification),
        nextCursor: rows.length > NOTIFICATION_PAGE_SIZE && last ? encodeCursor(last) : null,
        unreadCount: await repository.unreadCount(db, accountId),
      };
    },

    unreadCount,

    /** Marks one of the creator's notifications read; anyone else's, or no such id, is a 404. */
    async markRead(accountId: string, id: string): Promise<UnreadCount> {
      if (!isUuid(id) || !(await repository.markRead(db, accountId, id, clock.now()))) {
        throw errors.notFound();
      }
      return unreadCount(accountId);
    },

    async markAllRead(accountId: string): Promise<UnreadCount> {
      await repository.markAllRead(db, accountId, clock.now());
      return { unreadCount: 0 };
    },

    preferences,

    /**
     * Keeps the choices for the events named; the others stay as they were. No event, one named twice, or
     * one of the other audience's (a creator choosing a staff kind) is a 400 (SPEC §5: a list needs at
     * least one item).
     */
    async setPreferences(
      accountId: string,
      role: AccountRole,
      body: NotificationPreferencesBody,
    ): Promise<NotificationPreferences> {
      if (body.choices.length === 0) {
        throw errors.validation([{ field: 'choices', message: PREFERENCE_MESSAGES.none }]);
      }
      const audience = audienceOfRole(role);
      const seen = new Set<NotificationEvent>();
      const problems = body.choices.flatMap((choice, index): { field: string; message: string }[] => {
        if (notificationAudienceOf(choice.event) !== audience) {
          return [{ field: `choices.${index}.event`, message: PREFERENCE_MESSAGES.unknown }];
        }
        if (!seen.has(choice.event)) {
          seen.add(choice.event);
          return [];
        }
        return [{ field: `choices.${index}.event`, message: PREFERENCE_MESSAGES.repeated }];
      });
      if (problems.length > 0) throw errors.validation(problems);
      await repository.saveChoices(db, accountId, body.choices);
      return preferences(accountId, role);
    },

    /** The push job: sends every due push once; returns how many were handled. */
    async deliverPendingPushes(): Promise<number> {
      const batch = await repository.claimDuePushes(db, clock.now(), PUSH_BATCH_SIZE, PUSH_CLAIM_SECONDS);
      const outcomes = await Promise.allSettled(batch.map((row) => deliver(row)));
      // A push whose outcome could not be recorded is due again when its claim ends.
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          logger.error({ err: outcome.reason }, 'recording a notification’s push failed');
        }
      }
      return batch.length;
    },

    /**
     * Pushes one message to the creator's devices now, once, and writes no feed row: for what staff send a
     * creator beside the events of SPEC §4 (an onboarding reminder), which the feed does not list. Dead
     * devices are forgotten as the push job forgets them; a provider that cannot take it now is not asked
     * again, and the answer says so.
     */
    pushNow: async (accountId: string, message: PushMessage): Promise<{ sent: number; note: string }> => {
      if (push.name === 'none') return { sent: 0, note: PUSH_NOTES.notConfigured };
      const tokens = await creatorService.pushDeviceTokens(accountId);
      if (tokens.length === 0) return { sent: 0, note: PUSH_NOTES.noDevice };
      let sent = 0;
      let forgotten = 0;
      let skippedNote: string | undefined;
      try {
        for (const token of tokens) {
          const outcome = await push.send(token, message);
          if (outcome.outcome === 'sent') sent += 1;
          else if (outcome.outcome === 'unregistered') {
            await creatorService.forgetDevice(accountId, token);
            forgotten += 1;
          } else skippedNote = outcome.note ?? PUSH_NOTES.notConfigured;
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn({ accountId, error: reason }, 'a push sent at once could not be delivered');
        const reached = sent > 0 ? ` after reaching ${plural(sent, 'device')}` : '';
        return { sent, note: `The push provider could not take it${reached}: ${reason}` };
      }
      return { sent, note: describeDelivery(sent, forgotten, skippedNote).pushNote };
    },
  };
}
