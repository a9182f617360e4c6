import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, max, ne, or } from 'drizzle-orm';
import { campaignStatusesThat, type EntryStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { campaignEntries, campaigns } from '../../db/schema/index';

export type EntryRow = typeof campaignEntries.$inferSelect;

/** What the metrics module reads of an entry: whose post it is, where, and how it stands. */
const measuredColumns = {
  id: campaignEntries.id,
  campaignId: campaignEntries.campaignId,
  creatorId: campaignEntries.creatorId,
  platform: campaignEntries.platform,
  kind: campaignEntries.kind,
  postLink: campaignEntries.postLink,
  postIdentity: campaignEntries.postIdentity,
  status: campaignEntries.status,
  submittedAt: campaignEntries.submittedAt,
};
export type MeasuredEntry = Pick<EntryRow, keyof typeof measuredColumns>;

/** One post is entered once, across every campaign and creator. */
export const POST_IDENTITY_INDEX = 'campaign_entries_post_identity_idx';

export const entriesRepository = {
  /** Inserts an entry; undefined when its post has been entered already (anywhere, by anyone). */
  async insertNew(executor: Executor, row: EntryRow): Promise<EntryRow | undefined> {
    const [inserted] = await executor.insert(campaignEntries).values(row).onConflictDoNothing().returning();
    return inserted;
  },

  async findById(executor: Executor, id: string): Promise<EntryRow | undefined> {
    const [row] = await executor.select().from(campaignEntries).where(eq(campaignEntries.id, id));
    return row;
  },

  /** The entry, locked until the transaction ends, so that a review and a revision never cross. */
  async lockById(executor: Executor, id: string): Promise<EntryRow | undefined> {
    const [row] = await executor
      .select()
      .from(campaignEntries)
      .where(eq(campaignEntries.id, id))
      .for('update');
    return row;
  },

  async update(executor: Executor, id: string, patch: Partial<Omit<EntryRow, 'id'>>): Promise<EntryRow> {
    const [row] = await executor
      .update(campaignEntries)
      .set(patch)
      .where(eq(campaignEntries.id, id))
      .returning();
    if (!row) throw new Error(`no entry ${id}`);
    return row;
  },

  /** The creator's entries to a campaign, newest first. */
  ofCreator: (executor: Executor, creatorId: string, campaignId: string): Promise<EntryRow[]> =>
    executor
      .select()
      .from(campaignEntries)
      .where(and(eq(campaignEntries.creatorId, creatorId), eq(campaignEntries.campaignId, campaignId)))
      .orderBy(desc(campaignEntries.submittedAt), desc(campaignEntries.id)),

  /** Per campaign with entries waiting for review: how many, and when the newest arrived. */
  waitingByCampaign: (executor: Executor) =>
    executor
      .select({
        campaignId: campaignEntries.campaignId,
        waiting: count(),
        newestSubmittedAt: max(campaignEntries.submittedAt),
      })
      .from(campaignEntries)
      .where(eq(campaignEntries.status, 'SUBMITTED'))
      .groupBy(campaignEntries.campaignId),

  /**
   * Entries waiting for review whose deadline has passed (`campaign_entries_review_due_idx`), oldest due
   * first, after the one `after` names: a batch of the auto-approval, which walks on past those it skipped.
   */
  overdue: (
    executor: Executor,
    now: Date,
    batch: { after: { reviewDueAt: Date; id: string } | null; limit: number },
  ): Promise<{ id: string; campaignId: string; reviewDueAt: Date }[]> => {
    const { after } = batch;
    return executor
      .select({
        id: campaignEntries.id,
        campaignId: campaignEntries.campaignId,
        reviewDueAt: campaignEntries.reviewDueAt,
      })
      .from(campaignEntries)
      .where(
        and(
          eq(campaignEntries.status, 'SUBMITTED'),
          lte(campaignEntries.reviewDueAt, now),
          after
            ? or(
                gt(campaignEntries.reviewDueAt, after.reviewDueAt),
                and(eq(campaignEntries.reviewDueAt, after.reviewDueAt), gt(campaignEntries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(campaignEntries.reviewDueAt), asc(campaignEntries.id))
      .limit(batch.limit)
      .then((rows) =>
        rows.flatMap((row) => (row.reviewDueAt ? [{ ...row, reviewDueAt: row.reviewDueAt }] : [])),
      );
  },

  /**
   * How many entries a campaign has that count: every one but the rejected. An entry whose reviewer asked
   * for changes still counts: it waits on its creator, and is not refused.
   */
  async countOf(executor: Executor, campaignId: string): Promise<number> {
    const [counted] = await executor
      .select({ total: count() })
      .from(campaignEntries)
      .where(and(eq(campaignEntries.campaignId, campaignId), ne(campaignEntries.status, 'REJECTED')));
    return counted?.total ?? 0;
  },

  async list(
    executor: Executor,
    filter: { campaignId: string; status?: EntryStatus; offset: number; limit: number },
  ): Promise<{ rows: EntryRow[]; total: number }> {
    const where = and(
      eq(campaignEntries.campaignId, filter.campaignId),
      filter.status ? eq(campaignEntries.status, filter.status) : undefined,
    );
    const rows = await executor
      .select()
      .from(campaignEntries)
      .where(where)
      .orderBy(desc(campaignEntries.submittedAt), desc(campaignEntries.id))
      .offset(filter.offset)
      .limit(filter.limit);
    const [counted] = await executor.select({ total: count() }).from(campaignEntries).where(where);
    return { rows, total: counted?.total ?? 0 };
  },

  /** Approved entries with a post link, of campaigns live now: the posts whose figures are refreshed. */
  approvedPostsOfLiveCampaigns: (executor: Executor): Promise<MeasuredEntry[]> =>
    executor
      .select(measuredColumns)
      .from(campaignEntries)
      .innerJoin(campaigns, eq(campaigns.id, campaignEntries.campaignId))
      .where(
        and(
          eq(campaignEntries.status, 'APPROVED'),
          isNotNull(campaignEntries.postLink),
          inArray(campaigns.status, campaignStatusesThat('readsFigures')),
          isNull(campaigns.archivedAt),
        ),
      ),

  async measuredEntry(executor: Executor, id: string): Promise<MeasuredEntry | undefined> {
    const [row] = await executor
      .select(measuredColumns)
      .from(campaignEntries)
      .where(eq(campaignEntries.id, id));
    return row;
  },

  measuredOfCampaign: (executor: Executor, campaignId: string): Promise<MeasuredEntry[]> =>
    executor.select(measuredColumns).from(campaignEntries).where(eq(campaignEntries.campaignId, campaignId)),

  async measuredOfPosts(executor: Executor, identities: readonly string[]): Promise<MeasuredEntry[]> {
    if (identities.length === 0) return [];
    return executor
      .select(measuredColumns)
      .from(campaignEntries)
      .where(inArray(campaignEntries.postIdentity, [...identities]));
  },
};
