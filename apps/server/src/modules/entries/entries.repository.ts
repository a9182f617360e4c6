import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { EntryStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { campaignEntries } from '../../db/schema/index';

export type EntryRow = typeof campaignEntries.$inferSelect;

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

  /** How many entries a campaign has that count: every one but the rejected. */
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
};
