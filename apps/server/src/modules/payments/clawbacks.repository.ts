import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clawbacks, invoices, payments, payouts, rewards } from '../../db/schema/index';
import type { PaymentRow, RewardRow } from './payments.repository';

export type ClawbackRow = typeof clawbacks.$inferSelect;

const outstanding = sql`${clawbacks.rewardMinor} + ${clawbacks.taxMinor} - ${clawbacks.recoveredMinor}`;

/** Money taken back from paid payments (ADR 037), and what later payouts kept back of it. */
export const clawbacksRepository = {
  async insert(executor: Executor, row: ClawbackRow): Promise<void> {
    await executor.insert(clawbacks).values(row);
  },

  async ofPayment(executor: Executor, paymentId: string): Promise<ClawbackRow | undefined> {
    const [row] = await executor.select().from(clawbacks).where(eq(clawbacks.paymentId, paymentId));
    return row;
  },

  /** The clawbacks of payments, by payment id, with the number of each one's credit note. */
  async ofPayments(
    executor: Executor,
    paymentIds: readonly string[],
  ): Promise<Map<string, { clawback: ClawbackRow; creditNote: typeof invoices.$inferSelect | null }>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await executor
      .select({ clawback: clawbacks, creditNote: invoices })
      .from(clawbacks)
      .leftJoin(invoices, eq(invoices.id, clawbacks.creditNoteId))
      .where(inArray(clawbacks.paymentId, [...paymentIds]));
    return new Map(rows.map((row) => [row.clawback.paymentId, row]));
  },

  /** A creator's clawbacks in a currency not yet recovered in full, oldest first, locked until `tx` ends. */
  lockOutstanding: (tx: Executor, creatorId: string, currency: ClawbackRow['currency']) =>
    tx
      .select()
      .from(clawbacks)
      .where(and(eq(clawbacks.creatorId, creatorId), eq(clawbacks.currency, currency), gt(outstanding, 0)))
      .orderBy(asc(clawbacks.createdAt), asc(clawbacks.id))
      .for('update'),

  /** A creator's clawbacks in a currency that payouts recovered some of, newest first, locked. */
  lockRecovered: (tx: Executor, creatorId: string, currency: ClawbackRow['currency']) =>
    tx
      .select()
      .from(clawbacks)
      .where(
        and(
          eq(clawbacks.creatorId, creatorId),
          eq(clawbacks.currency, currency),
          gt(clawbacks.recoveredMinor, 0),
        ),
      )
      .orderBy(desc(clawbacks.createdAt), desc(clawbacks.id))
      .for('update'),

  async setRecovered(tx: Executor, id: string, recoveredMinor: number): Promise<void> {
    await tx.update(clawbacks).set({ recoveredMinor }).where(eq(clawbacks.id, id));
  },

  /** An entry's rewards and their payments, reward then payment locked (the order releases take). */
  async lockPaymentsOfEntry(
    tx: Executor,
    entryId: string,
  ): Promise<{ reward: RewardRow; payment: PaymentRow }[]> {
    const held = await tx
      .select()
      .from(rewards)
      .where(eq(rewards.entryId, entryId))
      .orderBy(rewards.id)
      .for('update');
    if (held.length === 0) return [];
    const paid = await tx
      .select()
      .from(payments)
      .where(
        inArray(
          payments.rewardId,
          held.map((reward) => reward.id),
        ),
      )
      .for('update');
    return paid.flatMap((payment) => {
      const reward = held.find((row) => row.id === payment.rewardId);
      return reward ? [{ reward, payment }] : [];
    });
  },

  /**
   * PAID payments paid at or after `paidSince` that nothing was taken back from yet, with their entry and
   * when they were paid: the candidates for a clawback of a post taken down.
   */
  paidWithoutClawback: (executor: Executor, paidSince: Date) =>
    executor
      .select({
        paymentId: payments.id,
        campaignId: payments.campaignId,
        entryId: rewards.entryId,
        paidAt: payouts.sentAt,
      })
      .from(payments)
      .innerJoin(rewards, eq(rewards.id, payments.rewardId))
      .innerJoin(payouts, eq(payouts.paymentId, payments.id))
      .leftJoin(clawbacks, eq(clawbacks.paymentId, payments.id))
      .where(and(eq(payments.status, 'PAID'), gte(payouts.sentAt, paidSince), isNull(clawbacks.id))),
};
