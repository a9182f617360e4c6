import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_HOLD_STATUSES } from '@platform/shared';
import type { Executor } from '../../db/client';
import { entryHolds } from '../../db/schema/index';

export type HoldRow = typeof entryHolds.$inferSelect;

export const viewValidationRepository = {
  /** Of these entries, those with a hold still open (HELD or APPEALED). */
  async openHoldEntryIds(executor: Executor, entryIds: readonly string[]): Promise<string[]> {
    if (entryIds.length === 0) return [];
    const rows = await executor
      .select({ entryId: entryHolds.entryId })
      .from(entryHolds)
      .where(
        and(inArray(entryHolds.entryId, [...entryIds]), inArray(entryHolds.status, [...OPEN_HOLD_STATUSES])),
      );
    return rows.map((row) => row.entryId);
  },

  async hold(executor: Executor, id: string, options: { lock?: boolean } = {}): Promise<HoldRow | undefined> {
    const query = executor.select().from(entryHolds).where(eq(entryHolds.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },
};
