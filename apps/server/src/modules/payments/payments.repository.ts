import { and, count, desc, eq, gte, inArray, lt, lte, sql, sum } from 'drizzle-orm';
import type { PaymentStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { invoiceCounters, invoices, ledgerLines, payments, payouts, rewards } from '../../db/schema/index';

export type RewardRow = typeof rewards.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type LedgerLineRow = typeof ledgerLines.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export const paymentsRepository = {
  async insertReward(executor: Executor, row: RewardRow): Promise<void> {
    await executor.insert(rewards).values(row);
  },

  async insertPayment(executor: Executor, row: PaymentRow): Promise<void> {
    await executor.insert(payments).values(row);
  },

  async insertLedgerLines(executor: Executor, rows: LedgerLineRow[]): Promise<void> {
    await executor.insert(ledgerLines).values(rows);
  },

  /** FIRST_COME_FIRST_SERVE slots a campaign's rewards hold now. */
  async activeSlots(executor: Executor, campaignId: string): Promise<number> {
    const [counted] = await executor
      .select({ taken: count() })
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaignId), eq(rewards.rule, 'SLOT'), eq(rewards.status, 'ACTIVE')));
    return counted?.taken ?? 0;
  },

  /** A campaign's pay-per-view rewards, whatever became of them: each entry is reserved once (ADR 038). */
  viewsRewardsOf: (executor: Executor, campaignId: string) =>
    executor
      .select({
        entryId: rewards.entryId,
        creatorId: rewards.creatorId,
        amountMinor: rewards.amountMinor,
        status: rewards.status,
      })
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaignId), eq(rewards.rule, 'VIEWS'))),

  /** The rewards an entry holds (its slot, its prizes), locked until the transaction ends. */
  lockActiveRewardsOf: (executor: Executor, entryId: string): Promise<RewardRow[]> =>
    executor
      .select()
      .from(rewards)
      .where(and(eq(rewards.entryId, entryId), eq(rewards.status, 'ACTIVE')))
      .orderBy(rewards.id)
      .for('update'),

  async lockReward(executor: Executor, id: string): Promise<RewardRow | undefined> {
    const [row] = await executor.select().from(rewards).where(eq(rewards.id, id)).for('update');
    return row;
  },

  async lockPaymentOfReward(executor: Executor, rewardId: string): Promise<PaymentRow | undefined> {
    const [row] = await executor.select().from(payments).where(eq(payments.rewardId, rewardId)).for('update');
    return row;
  },

  async findPayment(executor: Executor, id: string): Promise<PaymentRow | undefined> {
    const [row] = await executor.select().from(payments).where(eq(payments.id, id));
    return row;
  },

  async lockPayment(executor: Executor, id: string): Promise<PaymentRow | undefined> {
    const [row] = await executor.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  },

  async updatePayment(
    executor: Executor,
    id: string,
    patch: Partial<Omit<PaymentRow, 'id'>>,
  ): Promise<PaymentRow> {
    const [row] = await executor.update(payments).set(patch).where(eq(payments.id, id)).returning();
    if (!row) throw new Error(`no payment ${id}`);
    return row;
  },

  async releaseReward(executor: Executor, id: string, at: Date): Promise<void> {
    await executor.update(rewards).set({ status: 'RELEASED', releasedAt: at }).where(eq(rewards.id, id));
  },

  async rewardsById(executor: Executor, ids: string[]): Promise<Map<string, RewardRow>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.select().from(rewards).where(inArray(rewards.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** A creator's payments, newest first, by status, campaign and creation day. */
  ofCreator: (
    executor: Executor,
    creatorId: string,
    filter: { status?: PaymentStatus; campaignId?: string; from?: Date; before?: Date },
  ): Promise<PaymentRow[]> =>
    executor
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.creatorId, creatorId),
          filter.status ? eq(payments.status, filter.status) : undefined,
          filter.campaignId ? eq(payments.campaignId, filter.campaignId) : undefined,
          filter.from ? gte(payments.createdAt, filter.from) : undefined,
          filter.before ? lt(payments.createdAt, filter.before) : undefined,
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id)),

  /** A campaign's approved payments not yet paid, oldest first: what the finance export lists. */
  approvedOfCampaign: (executor: Executor, campaignId: string): Promise<PaymentRow[]> =>
    executor
      .select()
      .from(payments)
      .where(and(eq(payments.campaignId, campaignId), eq(payments.status, 'APPROVED')))
      .orderBy(payments.decidedAt, payments.id),

  /** The sums of a campaign's payments by status, in minor units. */
  async totalsByStatusOf(executor: Executor, campaignId: string): Promise<Map<PaymentStatus, number>> {
    const rows = await executor
      .select({ status: payments.status, total: sum(payments.amountMinor) })
      .from(payments)
      .where(eq(payments.campaignId, campaignId))
      .groupBy(payments.status);
    return new Map(rows.map((row) => [row.status, Number(row.total ?? 0)]));
  },

  async ofCampaign(
    executor: Executor,
    filter: { campaignId: string; status?: PaymentStatus; offset: number; limit: number },
  ): Promise<{ rows: PaymentRow[]; total: number }> {
    const where = and(
      eq(payments.campaignId, filter.campaignId),
      filter.status ? eq(payments.status, filter.status) : undefined,
    );
    const rows = await executor
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .offset(filter.offset)
      .limit(filter.limit);
    const [counted] = await executor.select({ total: count() }).from(payments).where(where);
    return { rows, total: counted?.total ?? 0 };
  },

  /**
   * The next number of an invoice series in a year. The counter's row stays locked until the transaction
   * ends, and a transaction that rolls back takes its number with it: the sequence has no gaps.
   */
  async nextInvoiceSequence(executor: Executor, prefix: string, year: number): Promise<number> {
    const [counter] = await executor
      .insert(invoiceCounters)
      .values({ prefix, year, lastSequence: 1 })
      .onConflictDoUpdate({
        target: [invoiceCounters.prefix, invoiceCounters.year],
        set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
      })
      .returning({ sequence: invoiceCounters.lastSequence });
    if (!counter) throw new Error(`no invoice counter for ${prefix} ${year}`);
    return counter.sequence;
  },

  async insertInvoice(executor: Executor, row: InvoiceRow): Promise<void> {
    await executor.insert(invoices).values(row);
  },

  /** The invoices of payments, or their credit notes, by payment id. */
  async invoicesOf(
    executor: Executor,
    paymentIds: string[],
    kind: InvoiceRow['kind'] = 'INVOICE',
  ): Promise<Map<string, InvoiceRow>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await executor
      .select()
      .from(invoices)
      .where(and(inArray(invoices.paymentId, paymentIds), eq(invoices.kind, kind)));
    return new Map(rows.map((row) => [row.paymentId, row]));
  },

  async insertPayout(executor: Executor, row: PayoutRow): Promise<void> {
    await executor.insert(payouts).values(row);
  },

  async lockPayout(executor: Executor, paymentId: string): Promise<PayoutRow | undefined> {
    const [row] = await executor.select().from(payouts).where(eq(payouts.paymentId, paymentId)).for('update');
    return row;
  },

  async updatePayout(executor: Executor, paymentId: string, patch: Partial<Omit<PayoutRow, 'paymentId'>>) {
    await executor.update(payouts).set(patch).where(eq(payouts.paymentId, paymentId));
  },

  /**
   * Payouts due now, claimed for `claimSeconds` (their next attempt moved on), so that a second worker
   * skips them and a worker that stops mid-way leaves them to the next.
   */
  async claimDuePayouts(
    executor: Executor,
    now: Date,
    limit: number,
    claimSeconds: number,
  ): Promise<PayoutRow[]> {
    const due = await executor
      .select()
      .from(payouts)
      .where(lte(payouts.nextAttemptAt, now))
      .orderBy(payouts.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await executor
      .update(payouts)
      .set({ nextAttemptAt: new Date(now.getTime() + claimSeconds * 1000) })
      .where(
        inArray(
          payouts.paymentId,
          due.map((row) => row.paymentId),
        ),
      );
    return due;
  },

  async payoutsOf(executor: Executor, paymentIds: string[]): Promise<Map<string, PayoutRow>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await executor.select().from(payouts).where(inArray(payouts.paymentId, paymentIds));
    return new Map(rows.map((row) => [row.paymentId, row]));
  },

  /** The balance of a ledger account: the sum of its lines (debits positive). */
  async balanceOf(executor: Executor, account: string): Promise<number> {
    const [summed] = await executor
      .select({ total: sum(ledgerLines.amountMinor) })
      .from(ledgerLines)
      .where(eq(ledgerLines.account, account));
    return Number(summed?.total ?? 0);
  },

  /** A ledger account's balance and when its last line was written, in one read so the two agree. */
  async balanceWithTimeOf(
    executor: Executor,
    account: string,
  ): Promise<{ balance: number; lastAt: Date | null }> {
    const [summed] = await executor
      .select({
        total: sum(ledgerLines.amountMinor),
        lastAt: sql<Date | string | null>`max(${ledgerLines.createdAt})`,
      })
      .from(ledgerLines)
      .where(eq(ledgerLines.account, account));
    return {
      balance: Number(summed?.total ?? 0),
      lastAt: summed?.lastAt ? new Date(summed.lastAt) : null,
    };
  },

  /** A ledger account's balance at the end of each UTC day from `from` to `to` (`YYYY-MM-DD`), in one read. */
  async balanceByDayOf(
    executor: Executor,
    account: string,
    from: string,
    to: string,
  ): Promise<{ date: string; balance: number }[]> {
    const result: unknown = await executor.execute(sql`
      with days as (
        select day::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as day
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
        coalesce((
          select sum(l.amount_minor) from ledger_lines l
          where l.account = ${account} and l.created_at < ((d.day + 1)::timestamp at time zone 'UTC')
        ), 0) as balance
      from days d
      order by d.day
    `);
    return (result as { rows: { date: string; balance: number | string }[] }).rows.map((row) => ({
      date: row.date,
      balance: Number(row.balance),
    }));
  },
};
