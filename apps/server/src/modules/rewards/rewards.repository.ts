import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prizeSettlements } from '../../db/schema/index';

export type PrizeSettlementRow = typeof prizeSettlements.$inferSelect;

/** The boards whose prizes were given: the rewards module's own table. */
export const rewardsRepository = {
  /** The closed boards of these campaigns whose prizes were given. */
  settlementsOf: (executor: Executor, campaignIds: string[]): Promise<PrizeSettlementRow[]> =>
    campaignIds.length === 0
      ? Promise.resolve([])
      : executor.select().from(prizeSettlements).where(inArray(prizeSettlements.campaignId, campaignIds)),

  /**
   * Marks a closed board settled; false when it already was (another run or worker got there first, and
   * this transaction must give nothing).
   */
  async claimSettlement(executor: Executor, row: PrizeSettlementRow): Promise<boolean> {
    const inserted = await executor
      .insert(prizeSettlements)
      .values(row)
      .onConflictDoNothing()
      .returning({ campaignId: prizeSettlements.campaignId });
    return inserted.length === 1;
  },

  async updateSettlement(
    executor: Executor,
    key: { campaignId: string; period: number },
    patch: Pick<PrizeSettlementRow, 'prizesGiven'>,
  ): Promise<void> {
    await executor
      .update(prizeSettlements)
      .set(patch)
      .where(and(eq(prizeSettlements.campaignId, key.campaignId), eq(prizeSettlements.period, key.period)));
  },
};
