import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, campaignFundings } from '../../db/schema/index';

export type FundingRow = typeof campaignFundings.$inferSelect;
export type FundingWithRecorder = FundingRow & { recordedByEmail: string | null };

/** The money received for campaigns' budgets (ADR 038). */
export const fundingsRepository = {
  async insert(executor: Executor, row: typeof campaignFundings.$inferInsert): Promise<void> {
    await executor.insert(campaignFundings).values(row);
  },

  async findById(executor: Executor, id: string): Promise<FundingWithRecorder | undefined> {
    const [row] = await withRecorder(executor).where(eq(campaignFundings.id, id));
    return row && flatten(row);
  },

  /** A campaign's fundings, newest first. */
  async listOf(executor: Executor, campaignId: string): Promise<FundingWithRecorder[]> {
    const rows = await withRecorder(executor)
      .where(eq(campaignFundings.campaignId, campaignId))
      .orderBy(desc(campaignFundings.recordedAt), desc(campaignFundings.id));
    return rows.map(flatten);
  },

  /** Provider top-ups still clearing, oldest first. */
  pendingTopUps: (executor: Executor, limit = 200): Promise<FundingRow[]> =>
    executor
      .select()
      .from(campaignFundings)
      .where(and(eq(campaignFundings.method, 'PROVIDER_TOP_UP'), eq(campaignFundings.status, 'PENDING')))
      .orderBy(asc(campaignFundings.recordedAt), asc(campaignFundings.id))
      .limit(limit),

  async lock(executor: Executor, id: string): Promise<FundingRow | undefined> {
    const [row] = await executor
      .select()
      .from(campaignFundings)
      .where(eq(campaignFundings.id, id))
      .for('update');
    return row;
  },

  async update(executor: Executor, id: string, changes: Partial<FundingRow>): Promise<void> {
    await executor.update(campaignFundings).set(changes).where(eq(campaignFundings.id, id));
  },
};

const withRecorder = (executor: Executor) =>
  executor
    .select({ funding: campaignFundings, recordedByEmail: accounts.email })
    .from(campaignFundings)
    .leftJoin(accounts, eq(accounts.id, campaignFundings.recordedBy));

const flatten = (row: { funding: FundingRow; recordedByEmail: string | null }): FundingWithRecorder => ({
  ...row.funding,
  recordedByEmail: row.recordedByEmail,
});
