import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { campaignStatusesThat, type CampaignStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { budgetAlerts, campaigns, prizeSettlements } from '../../db/schema/index';

export type PrizeSettlementRow = typeof prizeSettlements.$inferSelect;
export type BudgetAlertRow = typeof budgetAlerts.$inferSelect;

/** Pay per view reserves while figures are read, and after the end while they are still being validated. */
const ACCRUING_STATUSES: CampaignStatus[] = [...campaignStatusesThat('readsFigures'), 'ENDED'];

/** The boards whose prizes were given and the budget alerts sent: the rewards module's own tables. */
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

  /**
   * The pay-per-view campaigns whose entries' figures may still be validated: those reading figures, and
   * those ended. Read from the campaigns' table as the prize job reads its campaigns' terms: ids only, the
   * terms themselves are read under the campaign's lock.
   */
  async payPerViewCampaignIds(executor: Executor): Promise<string[]> {
    const rows = await executor
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(sql`${campaigns.reward}->>'type' = 'PAY_PER_VIEW'`, inArray(campaigns.status, ACCRUING_STATUSES)),
      )
      .orderBy(asc(campaigns.endsAt), asc(campaigns.id));
    return rows.map((row) => row.id);
  },

  /** Records a threshold reached; false when it was recorded already (and its managers told). */
  async claimBudgetAlert(executor: Executor, row: BudgetAlertRow): Promise<boolean> {
    const inserted = await executor
      .insert(budgetAlerts)
      .values(row)
      .onConflictDoNothing()
      .returning({ threshold: budgetAlerts.threshold });
    return inserted.length === 1;
  },

  /** The thresholds a campaign's managers were told of, lowest first. */
  async budgetAlertsOf(executor: Executor, campaignId: string): Promise<number[]> {
    const rows = await executor
      .select({ threshold: budgetAlerts.threshold })
      .from(budgetAlerts)
      .where(eq(budgetAlerts.campaignId, campaignId))
      .orderBy(asc(budgetAlerts.threshold));
    return rows.map((row) => row.threshold);
  },
};
