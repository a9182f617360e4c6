import { and, asc, count, desc, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { NotificationChoice, NotificationEvent } from '@platform/shared';
import type { Executor } from '../../db/client';
import { notificationDigests, notificationPreferences, notifications } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;
export type ChoiceRow = typeof notificationPreferences.$inferSelect;

/** Where a page of the feed starts: after the notification at this time and id, newest first. */
export type FeedPosition = { createdAt: Date; id: string };

export const notificationsRepository = {
  async insert(executor: Executor, row: NotificationRow): Promise<void> {
    await executor.insert(notifications).values(row);
  },

  /**
   * Brings the person's unread notification of `event` for the campaign up to date (its words, and its
   * time, so it comes first again); answers its id, or null when there is none to update.
   */
  async refreshOpen(
    executor: Executor,
    open: Pick<NotificationRow, 'accountId' | 'campaignId' | 'event' | 'title' | 'body' | 'createdAt'>,
  ): Promise<string | null> {
    if (!open.campaignId) return null;
    const [row] = await executor
      .update(notifications)
      .set({ title: open.title, body: open.body, createdAt: open.createdAt })
      .where(
        and(
          eq(notifications.accountId, open.accountId),
          eq(notifications.campaignId, open.campaignId),
          eq(notifications.event, open.event),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    return row?.id ?? null;
  },

  /** When the person's last digest of `event` was sent, or null before their first. */
  async lastDigestAt(executor: Executor, accountId: string, event: NotificationEvent): Promise<Date | null> {
    const [row] = await executor
      .select({ at: max(notificationDigests.sentAt) })
      .from(notificationDigests)
      .where(and(eq(notificationDigests.accountId, accountId), eq(notificationDigests.event, event)));
    return row?.at ?? null;
  },

  /** Claims the person's digest of `event` for a period: false when it was sent (or is being sent) already. */
  async claimDigest(
    executor: Executor,
    accountId: string,
    event: NotificationEvent,
    periodStart: Date,
    now: Date,
  ): Promise<boolean> {
    const claimed = await executor
      .insert(notificationDigests)
      .values({ accountId, event, periodStart, sentAt: now })
      .onConflictDoNothing()
      .returning({ accountId: notificationDigests.accountId });
    return claimed.length > 0;
  },

  async choiceFor(
    executor: Executor,
    accountId: string,
    event: NotificationEvent,
  ): Promise<ChoiceRow | undefined> {
    const [row] = await executor
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.accountId, accountId), eq(notificationPreferences.event, event)));
    return row;
  },

  choicesOf: (executor: Executor, accountId: string): Promise<ChoiceRow[]> =>
    executor.select().from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId)),

  /** One statement for every choice, so a refused write leaves none of them. */
  async saveChoices(executor: Executor, accountId: string, choices: readonly NotificationChoice[]) {
    if (choices.length === 0) return;
    await executor
      .insert(notificationPreferences)
      .values(choices.map((choice) => ({ accountId, ...choice })))
      .onConflictDoUpdate({
        target: [notificationPreferences.accountId, notificationPreferences.event],
        set: { email: sql`excluded.email`, push: sql`excluded.push` },
      });
  },

  /** Up to `limit` of the creator's notifications, newest first, after `after` when given. */
  page(
    executor: Executor,
    accountId: string,
    after: FeedPosition | null,
    limit: number,
  ): Promise<NotificationRow[]> {
    return executor
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          after
            ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  },

  async unreadCount(executor: Executor, accountId: string): Promise<number> {
    const [row] = await executor
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
    return row?.unread ?? 0;
  },

  /** Marks the creator's notification read (once: a second time keeps the first); false when it is not theirs. */
  async markRead(executor: Executor, accountId: string, id: string, now: Date): Promise<boolean> {
    const updated = await executor
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
      .returning({ id: notifications.id });
    return updated.length > 0;
  },

  async markAllRead(executor: Executor, accountId: string, now: Date): Promise<void> {
    await executor
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  },

  /**
   * Claims due pushes for one sender: each is due again only when the claim ends, so a sender that stops
   * mid-way leaves its pushes to the next, and several senders never take the same one.
   */
  async claimDuePushes(
    executor: Executor,
    now: Date,
    limit: number,
    claimSeconds: number,
  ): Promise<NotificationRow[]> {
    const due = executor
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.pushState, 'PENDING'), lte(notifications.pushNextAt, now)))
      .orderBy(asc(notifications.pushNextAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return executor
      .update(notifications)
      .set({
        pushAttempts: sql`${notifications.pushAttempts} + 1`,
        pushNextAt: new Date(now.getTime() + claimSeconds * 1000),
      })
      .where(inArray(notifications.id, due))
      .returning();
  },

  /** Records what became of a claimed push, unless the claim was lost to another sender meanwhile. */
  async settlePush(
    executor: Executor,
    claimed: Pick<NotificationRow, 'id' | 'pushAttempts'>,
    outcome: Pick<NotificationRow, 'pushState' | 'pushNote' | 'pushNextAt'>,
  ): Promise<void> {
    await executor
      .update(notifications)
      .set(outcome)
      .where(
        and(
          eq(notifications.id, claimed.id),
          eq(notifications.pushState, 'PENDING'),
          eq(notifications.pushAttempts, claimed.pushAttempts),
        ),
      );
  },
};
