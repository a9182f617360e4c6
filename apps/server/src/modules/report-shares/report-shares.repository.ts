import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, reportShares } from '../../db/schema/index';

export type ReportShareRow = typeof reportShares.$inferSelect;
export type NewReportShare = typeof reportShares.$inferInsert;

export const reportSharesRepository = {
  async insert(executor: Executor, share: NewReportShare): Promise<ReportShareRow> {
    const [row] = await executor.insert(reportShares).values(share).returning();
    if (!row) throw new Error('the report link was not stored');
    return row;
  },

  /** A campaign's links, newest first. */
  async ofCampaign(executor: Executor, campaignId: string): Promise<ReportShareRow[]> {
    return executor
      .select()
      .from(reportShares)
      .where(eq(reportShares.campaignId, campaignId))
      .orderBy(desc(reportShares.createdAt), desc(reportShares.id));
  },

  /** One link of one campaign, locked until the transaction ends; none for a link of another campaign. */
  async lockOfCampaign(
    executor: Executor,
    campaignId: string,
    id: string,
  ): Promise<ReportShareRow | undefined> {
    const [row] = await executor
      .select()
      .from(reportShares)
      .where(and(eq(reportShares.id, id), eq(reportShares.campaignId, campaignId)))
      .for('update');
    return row;
  },

  async revoke(executor: Executor, id: string, by: string, at: Date): Promise<ReportShareRow> {
    const [row] = await executor
      .update(reportShares)
      .set({ revokedAt: at, revokedBy: by })
      .where(eq(reportShares.id, id))
      .returning();
    if (!row) throw new Error('the report link to revoke is gone');
    return row;
  },

  /**
   * The link if it still works at `now`: not revoked, not expired, and made by an account that is still
   * active (a link outlives neither its maker's disabling nor their account).
   */
  async findLive(
    executor: Executor,
    id: string,
    now: Date,
  ): Promise<Pick<ReportShareRow, 'campaignId' | 'expiresAt'> | undefined> {
    const [row] = await executor
      .select({ campaignId: reportShares.campaignId, expiresAt: reportShares.expiresAt })
      .from(reportShares)
      .innerJoin(accounts, eq(accounts.id, reportShares.createdBy))
      .where(
        and(
          eq(reportShares.id, id),
          isNull(reportShares.revokedAt),
          gt(reportShares.expiresAt, now),
          eq(accounts.status, 'ACTIVE'),
        ),
      );
    return row;
  },

  async markOpened(executor: Executor, id: string, at: Date): Promise<void> {
    await executor.update(reportShares).set({ lastOpenedAt: at }).where(eq(reportShares.id, id));
  },
};
