import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { RsvpStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import { campaignRsvps } from '../../db/schema/index';

export type RsvpRow = typeof campaignRsvps.$inferSelect;

const ofCreator = (campaignId: string, creatorId: string) =>
  and(eq(campaignRsvps.campaignId, campaignId), eq(campaignRsvps.creatorId, creatorId));

export const rsvpsRepository = {
  async find(executor: Executor, campaignId: string, creatorId: string): Promise<RsvpRow | undefined> {
    const [row] = await executor.select().from(campaignRsvps).where(ofCreator(campaignId, creatorId));
    return row;
  },

  async findById(executor: Executor, id: string): Promise<RsvpRow | undefined> {
    const [row] = await executor.select().from(campaignRsvps).where(eq(campaignRsvps.id, id));
    return row;
  },

  /** The RSVP, locked until the transaction ends, so that two moves of it never cross. */
  async lock(executor: Executor, campaignId: string, creatorId: string): Promise<RsvpRow | undefined> {
    const [row] = await executor
      .select()
      .from(campaignRsvps)
      .where(ofCreator(campaignId, creatorId))
      .for('update');
    return row;
  },

  async lockById(executor: Executor, id: string): Promise<RsvpRow | undefined> {
    const [row] = await executor.select().from(campaignRsvps).where(eq(campaignRsvps.id, id)).for('update');
    return row;
  },

  /** Inserts the creator's first RSVP to the campaign; undefined when one exists already (a race lost). */
  async insertNew(executor: Executor, row: RsvpRow): Promise<RsvpRow | undefined> {
    const [inserted] = await executor.insert(campaignRsvps).values(row).onConflictDoNothing().returning();
    return inserted;
  },

  async update(
    executor: Executor,
    id: string,
    patch: Pick<RsvpRow, 'status' | 'updatedAt'> & Partial<Pick<RsvpRow, 'invitedBy'>>,
  ): Promise<RsvpRow> {
    const [row] = await executor.update(campaignRsvps).set(patch).where(eq(campaignRsvps.id, id)).returning();
    if (!row) throw new Error(`no RSVP ${id}`);
    return row;
  },

  async list(
    executor: Executor,
    filter: { campaignId: string; status?: RsvpStatus; offset: number; limit: number },
  ): Promise<{ rows: RsvpRow[]; total: number }> {
    const where = and(
      eq(campaignRsvps.campaignId, filter.campaignId),
      filter.status ? eq(campaignRsvps.status, filter.status) : undefined,
    );
    const rows = await executor
      .select()
      .from(campaignRsvps)
      .where(where)
      .orderBy(asc(campaignRsvps.createdAt), asc(campaignRsvps.id))
      .offset(filter.offset)
      .limit(filter.limit);
    const [counted] = await executor.select({ total: count() }).from(campaignRsvps).where(where);
    return { rows, total: counted?.total ?? 0 };
  },

  /** The creator's RSVPs in these statuses, oldest first. */
  ofCreatorIn: (executor: Executor, creatorId: string, statuses: readonly RsvpStatus[]): Promise<RsvpRow[]> =>
    executor
      .select()
      .from(campaignRsvps)
      .where(and(eq(campaignRsvps.creatorId, creatorId), inArray(campaignRsvps.status, [...statuses])))
      .orderBy(asc(campaignRsvps.updatedAt)),

  /** The RSVP status of each of these creators in the campaign, for those who have one. */
  async statusesOf(
    executor: Executor,
    campaignId: string,
    creatorIds: readonly string[],
  ): Promise<Map<string, RsvpStatus>> {
    if (creatorIds.length === 0) return new Map();
    const rows = await executor
      .select({ creatorId: campaignRsvps.creatorId, status: campaignRsvps.status })
      .from(campaignRsvps)
      .where(
        and(eq(campaignRsvps.campaignId, campaignId), inArray(campaignRsvps.creatorId, [...creatorIds])),
      );
    return new Map(rows.map((row) => [row.creatorId, row.status]));
  },
};
