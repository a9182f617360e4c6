import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

export type OutboxEmail = typeof emailOutbox.$inferSelect;

export const emailRepository = {
  async insert(
    executor: Executor,
    email: Pick<OutboxEmail, 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'actionUrl'>,
    now: Date,
  ): Promise<void> {
    await executor
      .insert(emailOutbox)
      .values({ id: randomUUID(), ...email, status: 'pending', nextAttemptAt: now, createdAt: now });
  },

  /** Claims due emails for one sender; a claim that outlives its lock is picked up again. */
  async claimDue(executor: Executor, now: Date, limit: number, lockSeconds: number): Promise<OutboxEmail[]> {
    const due = executor
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
          and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return executor
      .update(emailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${emailOutbox.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + lockSeconds * 1000),
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
  },

  async markDone(executor: Executor, id: string, status: 'sent' | 'logged', now: Date): Promise<void> {
    await executor
      .update(emailOutbox)
      .set({ status, sentAt: now, lockedUntil: null, lastError: null })
      .where(eq(emailOutbox.id, id));
  },

  async markFailedAttempt(
    executor: Executor,
    id: string,
    error: string,
    nextAttemptAt: Date | null,
  ): Promise<void> {
    await executor
      .update(emailOutbox)
      .set({
        status: nextAttemptAt ? 'pending' : 'failed',
        nextAttemptAt: nextAttemptAt ?? sql`${emailOutbox.nextAttemptAt}`,
        lockedUntil: null,
        lastError: error.slice(0, 500),
      })
      .where(eq(emailOutbox.id, id));
  },

  async listRecent(executor: Executor, limit: number): Promise<OutboxEmail[]> {
    return executor
      .select()
      .from(emailOutbox)
      .orderBy(sql`${emailOutbox.createdAt} desc`)
      .limit(limit);
  },
};
