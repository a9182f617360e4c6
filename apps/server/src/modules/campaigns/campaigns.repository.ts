import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_STATUS_CAPABILITIES,
  campaignStatusesThat,
  type CampaignStatus,
  type MarketingPlatform,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import {
  accounts,
  campaignAssets,
  campaignFundings,
  campaignStatusHistory,
  campaignTerritories,
  campaigns,
  teams,
  territories,
} from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
export type CampaignAssetRow = typeof campaignAssets.$inferSelect;
export type CampaignWithTeam = CampaignRow & { teamName: string };

/** `%` and `_` in a search are characters to find, not wildcards. */

export type CampaignListFilter = {
  /** The teams whose campaigns the caller may see; null for every team. */
  teamIds: readonly string[] | null;
  /** The territories whose campaigns the caller may see; null for every territory. */
  territoryIds: readonly string[] | null;
  status?: CampaignStatus;
  teamId?: string;
  platform?: MarketingPlatform;
  from?: Date;
  to?: Date;
  search?: string;
  includeArchived: boolean;
  offset: number;
  limit: number;
};

const inTerritories = (territoryIds: readonly string[]) =>
  sql`exists (select 1 from ${campaignTerritories} where ${campaignTerritories.campaignId} = ${campaigns.id} and ${inArray(campaignTerritories.territoryId, [...territoryIds])})`;

/** The creator list's order of statuses (`creatorListRank`), as one `case` over the status. */
const creatorListRank = sql.join(
  [
    sql`case ${campaigns.status}`,
    ...Object.entries(CAMPAIGN_STATUS_CAPABILITIES).map(([status, allows]) =>
      sql.raw(`when '${status}' then ${allows.creatorListRank}`),
    ),
    sql`end`,
  ],
  sql` `,
);

/** Campaigns whose scheduled move (`scheduledMove`) has fallen due by `now`, whatever their status. */
const scheduledMoveDue = (now: Date) =>
  or(
    ...Object.entries(CAMPAIGN_STATUS_CAPABILITIES).flatMap(([status, allows]) =>
      allows.scheduledMove
        ? [and(eq(campaigns.status, status as CampaignStatus), lte(campaigns[allows.scheduledMove.at], now))]
        : [],
    ),
  );

const withTeamColumns = { campaign: campaigns, teamName: teams.name };

const flatten = (row: { campaign: CampaignRow; teamName: string }): CampaignWithTeam => ({
  ...row.campaign,
  teamName: row.teamName,
});

export const campaignsRepository = {
  async insert(executor: Executor, row: NewCampaignRow): Promise<void> {
    await executor.insert(campaigns).values(row);
  },

  async update(executor: Executor, id: string, changes: Partial<NewCampaignRow>): Promise<void> {
    await executor.update(campaigns).set(changes).where(eq(campaigns.id, id));
  },

  /** The money received for a campaign's budget, and top-ups still clearing (ADR 038). */
  async fundingOf(executor: Executor, id: string): Promise<{ succeededMinor: number; pendingMinor: number }> {
    const [row] = await executor
      .select({
        succeeded: sql<string>`coalesce(sum(${campaignFundings.amountMinor}) filter (where ${campaignFundings.status} = 'SUCCEEDED'), 0)`,
        pending: sql<string>`coalesce(sum(${campaignFundings.amountMinor}) filter (where ${campaignFundings.status} = 'PENDING'), 0)`,
      })
      .from(campaignFundings)
      .where(eq(campaignFundings.campaignId, id));
    return { succeededMinor: Number(row?.succeeded ?? 0), pendingMinor: Number(row?.pending ?? 0) };
  },

  async lockById(executor: Executor, id: string): Promise<CampaignRow | undefined> {
    const [row] = await executor.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    return row;
  },

  /** The names of campaigns, by id. */
  async namesOf(executor: Executor, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await executor
      .select({ id: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(inArray(campaigns.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  },

  async findById(executor: Executor, id: string): Promise<CampaignWithTeam | undefined> {
    const [row] = await executor
      .select(withTeamColumns)
      .from(campaigns)
      .innerJoin(teams, eq(teams.id, campaigns.teamId))
      .where(eq(campaigns.id, id));
    return row && flatten(row);
  },

  async territoryIdsOf(executor: Executor, campaignId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: campaignTerritories.territoryId })
      .from(campaignTerritories)
      .where(eq(campaignTerritories.campaignId, campaignId));
    return rows.map((row) => row.id);
  },

  async territoriesOf(executor: Executor, campaignId: string): Promise<{ id: string; name: string }[]> {
    return executor
      .select({ id: territories.id, name: territories.name })
      .from(campaignTerritories)
      .innerJoin(territories, eq(territories.id, campaignTerritories.territoryId))
      .where(eq(campaignTerritories.campaignId, campaignId))
      .orderBy(asc(territories.name));
  },

  async replaceTerritories(executor: Executor, campaignId: string, territoryIds: readonly string[]) {
    await executor.delete(campaignTerritories).where(eq(campaignTerritories.campaignId, campaignId));
    if (territoryIds.length === 0) return;
    await executor
      .insert(campaignTerritories)
      .values(territoryIds.map((territoryId) => ({ campaignId, territoryId })));
  },

  async recordStatus(executor: Executor, row: typeof campaignStatusHistory.$inferInsert): Promise<void> {
    await executor.insert(campaignStatusHistory).values(row);
  },

  async historyOf(executor: Executor, campaignId: string) {
    return executor
      .select({
        at: campaignStatusHistory.at,
        from: campaignStatusHistory.fromStatus,
        to: campaignStatusHistory.toStatus,
        byId: campaignStatusHistory.byAccountId,
        byEmail: accounts.email,
        reason: campaignStatusHistory.reason,
      })
      .from(campaignStatusHistory)
      .leftJoin(accounts, eq(accounts.id, campaignStatusHistory.byAccountId))
      .where(eq(campaignStatusHistory.campaignId, campaignId))
      .orderBy(asc(campaignStatusHistory.at), asc(campaignStatusHistory.id));
  },

  async assetsOf(executor: Executor, campaignId: string): Promise<CampaignAssetRow[]> {
    return executor
      .select()
      .from(campaignAssets)
      .where(eq(campaignAssets.campaignId, campaignId))
      .orderBy(asc(campaignAssets.createdAt), asc(campaignAssets.id));
  },

  async insertAsset(executor: Executor, row: typeof campaignAssets.$inferInsert): Promise<void> {
    await executor.insert(campaignAssets).values(row);
  },

  async lockAsset(
    executor: Executor,
    campaignId: string,
    assetId: string,
  ): Promise<CampaignAssetRow | undefined> {
    const [row] = await executor
      .select()
      .from(campaignAssets)
      .where(and(eq(campaignAssets.id, assetId), eq(campaignAssets.campaignId, campaignId)))
      .for('update');
    return row;
  },

  async updateAsset(executor: Executor, id: string, changes: Partial<typeof campaignAssets.$inferInsert>) {
    await executor.update(campaignAssets).set(changes).where(eq(campaignAssets.id, id));
  },

  async deleteAsset(executor: Executor, id: string): Promise<void> {
    await executor.delete(campaignAssets).where(eq(campaignAssets.id, id));
  },

  /** How many asset records hold this stored file (copies of a campaign share their files' bytes). */
  async assetsUsingKey(executor: Executor, key: string): Promise<number> {
    const [row] = await executor
      .select({ total: count() })
      .from(campaignAssets)
      .where(or(eq(campaignAssets.storageKey, key), eq(campaignAssets.thumbnailKey, key)));
    return row?.total ?? 0;
  },

  /** The asset whose file or thumbnail is stored at `key`, with its campaign. */
  async assetByKey(executor: Executor, key: string) {
    const [row] = await executor
      .select({ asset: campaignAssets, campaign: campaigns })
      .from(campaignAssets)
      .innerJoin(campaigns, eq(campaigns.id, campaignAssets.campaignId))
      .where(or(eq(campaignAssets.storageKey, key), eq(campaignAssets.thumbnailKey, key)))
      .orderBy(asc(campaignAssets.createdAt))
      .limit(1);
    return row;
  },

  async copyAssets(executor: Executor, rows: (typeof campaignAssets.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await executor.insert(campaignAssets).values(rows);
  },

  /** A page of campaigns, soonest-changed first. */
  async list(
    executor: Executor,
    filter: CampaignListFilter,
  ): Promise<{ rows: CampaignWithTeam[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.teamIds !== null) {
      if (filter.teamIds.length === 0) return { rows: [], total: 0 };
      conditions.push(inArray(campaigns.teamId, [...filter.teamIds]));
    }
    if (filter.territoryIds !== null) {
      if (filter.territoryIds.length === 0) return { rows: [], total: 0 };
      conditions.push(inTerritories(filter.territoryIds));
    }
    if (!filter.includeArchived) conditions.push(isNull(campaigns.archivedAt));
    if (filter.status) conditions.push(eq(campaigns.status, filter.status));
    if (filter.teamId) conditions.push(eq(campaigns.teamId, filter.teamId));
    if (filter.platform) conditions.push(eq(campaigns.platform, filter.platform));
    if (filter.from) conditions.push(gt(campaigns.endsAt, filter.from));
    if (filter.to) conditions.push(lte(campaigns.startsAt, filter.to));
    if (filter.search) {
      const pattern = containing(filter.search);
      const matches = or(ilike(campaigns.name, pattern), ilike(campaigns.brandOrArtist, pattern));
      if (matches) conditions.push(matches);
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      executor
        .select(withTeamColumns)
        .from(campaigns)
        .innerJoin(teams, eq(teams.id, campaigns.teamId))
        .where(where)
        .orderBy(desc(campaigns.updatedAt), asc(campaigns.id))
        .offset(filter.offset)
        .limit(filter.limit),
      executor.select({ total: count() }).from(campaigns).where(where),
    ]);
    return { rows: rows.map(flatten), total: total?.total ?? 0 };
  },

  /** The campaigns in `statuses` of any of `territoryIds`, by the statuses' rank in the list, then by end. */
  async forCreator(
    executor: Executor,
    filter: { territoryIds: readonly string[]; statuses: readonly CampaignStatus[]; id?: string },
  ): Promise<CampaignRow[]> {
    if (filter.territoryIds.length === 0 || filter.statuses.length === 0) return [];
    return executor
      .select()
      .from(campaigns)
      .where(
        and(
          filter.id ? eq(campaigns.id, filter.id) : undefined,
          inArray(campaigns.status, [...filter.statuses]),
          isNull(campaigns.archivedAt),
          inTerritories(filter.territoryIds),
        ),
      )
      .orderBy(creatorListRank, asc(campaigns.endsAt), asc(campaigns.id))
      .limit(500);
  },

  /**
   * Campaigns whose status settles prizes, that give prizes by rank (TOP_PRIZES, SPRINT) and had begun by
   * `closedBy`: those that may have a board closed by then.
   */
  prizeCampaignsBegunBy: (executor: Executor, closedBy: Date): Promise<CampaignRow[]> =>
    executor
      .select()
      .from(campaigns)
      .where(
        and(
          inArray(campaigns.status, campaignStatusesThat('settlesPrizes')),
          sql`${campaigns.reward}->>'type' in ('TOP_PRIZES', 'SPRINT')`,
          lte(campaigns.startsAt, closedBy),
        ),
      )
      .orderBy(asc(campaigns.endsAt), asc(campaigns.id)),

  /** Campaigns whose scheduled move is due: PUBLISHED past their start, LIVE past their end (DESIGN §7). */
  async dueForSchedule(executor: Executor, now: Date): Promise<{ id: string; status: CampaignStatus }[]> {
    return executor
      .select({ id: campaigns.id, status: campaigns.status })
      .from(campaigns)
      .where(scheduledMoveDue(now))
      .limit(500);
  },
};
