import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_NOTIFICATION_CHOICE,
  isUuid,
  NOTIFICATION_EVENTS,
  NOTIFICATION_PAGE_SIZE,
  notificationText,
  type Notification,
  type NotificationChoice,
  type NotificationEvent,
  type NotificationFacts,
  type NotificationFeed,
  type NotificationPreferences,
  type NotificationPreferencesBody,
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
};

export const PUSH_NOTES = {
  notChosen: 'The creator chose not to get this notification by push.',
  notConfigured: PUSH_SKIPPED_NOTE,
  noDevice: 'No device registered: the creator’s app has not registered a device for push notifications.',
  allDevicesGone:
    'No device could receive it: the push provider says every registered device token is dead, so they were forgotten.',
} as const;

export const FEED_MESSAGES = { unknownCursor: 'Unknown cursor' } as const;

export const PREFERENCE_MESSAGES = {
  none: 'Choose at least one notification',
  repeated: 'Choose once for each notification',
} as const;

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
  authService: Pick<AuthService, 'findAccountById'>;
  creatorService: Pick<CreatorService, 'pushDeviceTokens' | 'forgetDevice'>;
  push: PushSender;
  publicUrl: string;
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;

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

  /** Every event with the creator's channels, their default where they have not chosen. */
  async function preferences(accountId: string): Promise<NotificationPreferences> {
    const rows = new Map((await repository.choicesOf(db, accountId)).map((row) => [row.event, row]));
    const choices: NotificationChoice[] = NOTIFICATION_EVENTS.map((event) => {
      const row = rows.get(event);
      return { event, ...(row ? { email: row.email, push: row.push } : DEFAULT_NOTIFICATION_CHOICE) };
    });
    return { choices, pushAvailable: push.name !== 'none' };
  }

  return {
    /**
     * Tells the creator of `event` in the caller's transaction `tx`, and only there: the feed row, the
     * email (in the outbox) and the push (PENDING for the push job) are written or rolled back with the
     * change that causes them. Reads the creator's choice and email address through `tx` too.
     */
    async notify(tx: Executor, input: NotifyInput): Promise<{ id: string }> {
      const account = await authService.findAccountById(input.accountId, tx);
      if (!account) throw new Error(`no account ${input.accountId} to notify`);
      const choice = await choiceFor(tx, input.accountId, input.event);
      const { title, body } = notificationText({
        event: input.event,
        campaignName: input.campaignName,
        ...(input.rejection !== undefined ? { rejection: input.rejection } : {}),
        ...(input.amount !== undefined ? { amount: input.amount } : {}),
      });
      const link = input.campaignId ? `/campaigns/${input.campaignId}` : null;
      const now = clock.now();
      const pushes = choice.push && push.name !== 'none';
      const id = randomUUID();
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
        pushNote: pushes ? null : choice.push ? PUSH_NOTES.notConfigured : PUSH_NOTES.notChosen,
        pushAttempts: 0,
        pushNextAt: pushes ? now : null,
      });
      // A deactivated account keeps its feed but is written to no more.
      if (choice.email && account.status === 'ACTIVE') {
        await emailService.enqueue(
          tx,
          account.email,
          emailTemplates.notification({ title, body, url: `${publicUrl}${link ?? '/'}` }),
        );
      }
      return { id };
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
     * Keeps the choices for the events named; the others stay as they were. No event, or one named twice,
     * is a 400 (SPEC §5: a list needs at least one item).
     */
    async setPreferences(
      accountId: string,
      body: NotificationPreferencesBody,
    ): Promise<NotificationPreferences> {
      if (body.choices.length === 0) {
        throw errors.validation([{ field: 'choices', message: PREFERENCE_MESSAGES.none }]);
      }
      const seen = new Set<NotificationEvent>();
      const repeated = body.choices.flatMap((choice, index) => {
        if (!seen.has(choice.event)) {
          seen.add(choice.event);
          return [];
        }
        return [{ field: `choices.${index}.event`, message: PREFERENCE_MESSAGES.repeated }];
      });
      if (repeated.length > 0) throw errors.validation(repeated);
      await repository.saveChoices(db, accountId, body.choices);
      return preferences(accountId);
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
