import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entryMetricReadings, entryMetricSchedule } from '../../db/schema/index';

export type ReadingRow = typeof entryMetricReadings.$inferSelect;
export type ScheduleRow = typeof entryMetricSchedule.$inferSelect;

/** Rows to insert at once: well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 1_000;

export const metricsRepository = {
  /** Inserts readings; one a source already gave for the same time is left as it was. How many were new. */
  async insertReadings(executor: Executor, rows: ReadingRow[]): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const written = await executor
        .insert(entryMetricReadings)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing()
        .returning({ id: entryMetricReadings.id });
      inserted += written.length;
    }
    return inserted;
  },

  async findReading(executor: Executor, id: string): Promise<ReadingRow | undefined> {
    const [row] = await executor.select().from(entryMetricReadings).where(eq(entryMetricReadings.id, id));
    return row;
  },

  /** The entry's current figures: its latest reading, by when it was read, then when it was stored. */
  async latestReading(executor: Executor, entryId: string): Promise<ReadingRow | undefined> {
    const [row] = await executor
      .select()
      .from(entryMetricReadings)
      .where(eq(entryMetricReadings.entryId, entryId))
      .orderBy(
        desc(entryMetricReadings.readAt),
        desc(entryMetricReadings.recordedAt),
        desc(entryMetricReadings.id),
      )
      .limit(1);
    return row;
  },

  /** Gives entries not yet on the refresh schedule a first attempt at `now`; those on it keep theirs. */
  async schedule(executor: Executor, entryIds: readonly string[], now: Date): Promise<void> {
    for (let start = 0; start < entryIds.length; start += INSERT_CHUNK) {
      await executor
        .insert(entryMetricSchedule)
        .values(
          entryIds.slice(start, start + INSERT_CHUNK).map((entryId) => ({
            entryId,
            nextAttemptAt: now,
            attempts: 0,
            lastOutcome: null,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing();
    }
  },

  /**
   * Claims up to `limit` entries whose attempt is due, oldest first: each is due again only when the claim
   * ends, so a worker that stops mid-way leaves them to the next, and two workers never take the same one.
   */
  async claimDue(executor: Executor, now: Date, limit: number, claimedUntil: Date): Promise<ScheduleRow[]> {
    const due = executor
      .select({ entryId: entryMetricSchedule.entryId })
      .from(entryMetricSchedule)
      .where(lte(entryMetricSchedule.nextAttemptAt, now))
      .orderBy(asc(entryMetricSchedule.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return executor
      .update(entryMetricSchedule)
      .set({ nextAttemptAt: claimedUntil })
      .where(inArray(entryMetricSchedule.entryId, due))
      .returning();
  },

  /** Records an attempt's outcome, unless the claim ran out and another worker took the entry meanwhile. */
  async settle(
    executor: Executor,
    claimed: Pick<ScheduleRow, 'entryId' | 'nextAttemptAt'>,
    outcome: Pick<ScheduleRow, 'nextAttemptAt' | 'attempts' | 'lastOutcome' | 'updatedAt'>,
  ): Promise<void> {
    await executor
      .update(entryMetricSchedule)
      .set(outcome)
      .where(
        and(
          eq(entryMetricSchedule.entryId, claimed.entryId),
          eq(entryMetricSchedule.nextAttemptAt, claimed.nextAttemptAt),
        ),
      );
  },

  /** Takes entries off the schedule: no longer approved, or their campaign no longer live. */
  async unschedule(executor: Executor, entryIds: readonly string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await executor.delete(entryMetricSchedule).where(inArray(entryMetricSchedule.entryId, [...entryIds]));
  },

  async scheduleOf(executor: Executor, entryId: string): Promise<ScheduleRow | undefined> {
    const [row] = await executor
      .select()
      .from(entryMetricSchedule)
      .where(eq(entryMetricSchedule.entryId, entryId));
    return row;
  },
};
