import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_HOLD_STATUSES, type HoldStatus } from '@platform/shared';
import type { Executor } from '../../db/client';
import {
  accounts,
  campaignEntries,
  campaigns,
  campaignTerritories,
  creatorHandles,
  creators,
  entryHolds,
} from '../../db/schema/index';
import type { StaffScope } from '../../principal';

export type HoldRow = typeof entryHolds.$inferSelect;

const DECIDED_STATUSES = ['ACCEPTED', 'EXCLUDED', 'REJECTED'] as const satisfies readonly HoldStatus[];

/** A hold with what staff read beside it: its campaign, its entry, and who entered it. */
const heldColumns = {
  hold: entryHolds,
  campaignName: campaigns.name,
  currency: campaigns.currency,
  reward: campaigns.reward,
  postLink: campaignEntries.postLink,
  kind: campaignEntries.kind,
  entryStatus: campaignEntries.status,
  firstName: creators.firstName,
  lastName: creators.lastName,
  handle: creatorHandles.handle,
};

function heldWithFacts(executor: Executor, condition: SQL | undefined) {
  return executor
    .select(heldColumns)
    .from(entryHolds)
    .innerJoin(campaigns, eq(campaigns.id, entryHolds.campaignId))
    .innerJoin(campaignEntries, eq(campaignEntries.id, entryHolds.entryId))
    .leftJoin(creators, eq(creators.accountId, entryHolds.creatorId))
    .leftJoin(
      creatorHandles,
      and(
        eq(creatorHandles.creatorId, entryHolds.creatorId),
        eq(creatorHandles.platform, campaignEntries.platform),
      ),
    )
    .where(condition);
}

export type HeldRow = Awaited<ReturnType<typeof heldWithFacts>>[number];

/** The campaigns a staff scope reaches, as a condition on the hold's campaign (none for a scope of all). */
function scopeCondition(executor: Executor, scope: StaffScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'team':
      return scope.teamIds.length > 0 ? inArray(campaigns.teamId, [...scope.teamIds]) : sql`false`;
    case 'territory':
      if (scope.territoryIds.length === 0) return sql`false`;
      return inArray(
        entryHolds.campaignId,
        executor
          .select({ id: campaignTerritories.campaignId })
          .from(campaignTerritories)
          .where(inArray(campaignTerritories.territoryId, [...scope.territoryIds])),
      );
  }
}

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

  /** Whether the entry was ever held: one hold per entry, so a decision stands. */
  async everHeld(executor: Executor, entryId: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: entryHolds.id })
      .from(entryHolds)
      .where(eq(entryHolds.entryId, entryId))
      .limit(1);
    return row !== undefined;
  },

  /** Inserts a hold; false when the entry already has an open one. */
  async insert(executor: Executor, row: HoldRow): Promise<boolean> {
    const inserted = await executor
      .insert(entryHolds)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: entryHolds.id });
    return inserted.length > 0;
  },

  async update(executor: Executor, id: string, patch: Partial<Omit<HoldRow, 'id'>>): Promise<HoldRow> {
    const [row] = await executor.update(entryHolds).set(patch).where(eq(entryHolds.id, id)).returning();
    if (!row) throw new Error(`no hold ${id}`);
    return row;
  },

  /** The entry's status and its campaign's name and hold score, read in the caller's transaction. */
  async entryToAssess(executor: Executor, entryId: string) {
    const [row] = await executor
      .select({
        status: campaignEntries.status,
        campaignName: campaigns.name,
        validation: campaigns.validation,
      })
      .from(campaignEntries)
      .innerJoin(campaigns, eq(campaigns.id, campaignEntries.campaignId))
      .where(eq(campaignEntries.id, entryId));
    return row;
  },

  /** Holds within a staff scope, open or decided, of one campaign or all, with their facts. */
  heldInScope(
    executor: Executor,
    filter: { scope: StaffScope; open: boolean; campaignId?: string | undefined },
  ): Promise<HeldRow[]> {
    const statuses = filter.open ? [...OPEN_HOLD_STATUSES] : [...DECIDED_STATUSES];
    return heldWithFacts(
      executor,
      and(
        inArray(entryHolds.status, statuses),
        scopeCondition(executor, filter.scope),
        filter.campaignId ? eq(entryHolds.campaignId, filter.campaignId) : undefined,
      ),
    ).orderBy(filter.open ? asc(entryHolds.heldAt) : desc(entryHolds.decidedAt), asc(entryHolds.id));
  },

  async heldById(executor: Executor, id: string): Promise<HeldRow | undefined> {
    const [row] = await heldWithFacts(executor, eq(entryHolds.id, id));
    return row;
  },

  /** The holds of these entries (at most one each). */
  holdsOfEntries: (executor: Executor, entryIds: readonly string[]): Promise<HoldRow[]> =>
    entryIds.length === 0
      ? Promise.resolve([])
      : executor
          .select()
          .from(entryHolds)
          .where(inArray(entryHolds.entryId, [...entryIds])),

  async accountNames(executor: Executor, ids: readonly string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await executor
      .select({ id: accounts.id, name: accounts.displayName, email: accounts.email })
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name ?? row.email]));
  },

  async creatorName(executor: Executor, creatorId: string): Promise<string | null> {
    const [row] = await executor
      .select({ firstName: creators.firstName, lastName: creators.lastName })
      .from(creators)
      .where(eq(creators.accountId, creatorId));
    return [row?.firstName, row?.lastName].filter(Boolean).join(' ') || null;
  },
};
