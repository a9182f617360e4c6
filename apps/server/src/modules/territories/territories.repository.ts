import { and, asc, count, eq, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { LegalLinkType } from '@platform/shared';
import type { Executor } from '../../db/client';
import { accounts, territories, territoryLinks, territoryManagers } from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type TerritorySummary = { id: string; name: string };
export type TerritoryRow = typeof territories.$inferSelect;
export type TerritoryLinkRow = { territoryId: string; type: LegalLinkType; url: string };

/** A staff account as a territory shows it. `accounts` belongs to auth: it is only ever read here. */
export type ManagerAccount = {
  id: string;
  email: string;
  displayName: string | null;
  role: (typeof accounts.$inferSelect)['role'];
  status: (typeof accounts.$inferSelect)['status'];
};

const managerAccountColumns = {
  id: accounts.id,
  email: accounts.email,
  displayName: accounts.displayName,
  role: accounts.role,
  status: accounts.status,
};

export const ACTIVE_NAME_INDEX = 'territories_active_name_idx';
const COUNTRY_ASSIGNMENT_LOCK = 7_130_201;
export { isUniqueViolation } from '../../db/unique-violation';

export type TerritoryListFilter = {
  /** The territories the caller may see; null for every territory. */
  territoryIds: readonly string[] | null;
  search?: string;
  includeArchived: boolean;
  offset: number;
  limit: number;
};

const byName = [asc(sql`lower(${territories.name})`), asc(territories.id)];

export const territoriesRepository = {
  /** The active territories an account manages. */
  /** Who manages any of the active territories among `territoryIds`. */
  async managerIdsOf(executor: Executor, territoryIds: readonly string[]): Promise<string[]> {
    if (territoryIds.length === 0) return [];
    const rows = await executor
      .selectDistinct({ id: territoryManagers.accountId })
      .from(territoryManagers)
      .innerJoin(territories, eq(territories.id, territoryManagers.territoryId))
      .where(and(inArray(territoryManagers.territoryId, [...territoryIds]), eq(territories.active, true)));
    return rows.map((row) => row.id);
  },

  async managedTerritoryIds(executor: Executor, accountId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: territories.id })
      .from(territoryManagers)
      .innerJoin(territories, eq(territories.id, territoryManagers.territoryId))
      .where(and(eq(territoryManagers.accountId, accountId), eq(territories.active, true)));
    return rows.map((row) => row.id);
  },

  /** The countries of each active territory among `ids`. */
  async countriesOf(executor: Executor, ids: readonly string[]): Promise<string[][]> {
    if (ids.length === 0) return [];
    const rows = await executor
      .select({ countries: territories.countries })
      .from(territories)
      .where(and(inArray(territories.id, [...ids]), eq(territories.active, true)));
    return rows.map((row) => row.countries);
  },

  async activeTerritories(executor: Executor, ids: readonly string[]): Promise<TerritorySummary[]> {
    if (ids.length === 0) return [];
    return executor
      .select({ id: territories.id, name: territories.name })
      .from(territories)
      .where(and(inArray(territories.id, [...ids]), eq(territories.active, true)));
  },

  async addManagerships(executor: Executor, accountId: string, territoryIds: readonly string[], now: Date) {
    if (territoryIds.length === 0) return;
    await executor
      .insert(territoryManagers)
      .values(territoryIds.map((territoryId) => ({ territoryId, accountId, addedAt: now })))
      .onConflictDoNothing();
  },

  /**
   * Makes an account a manager of exactly `territoryIds` among active territories; managers of archived
   * territories stay as they were, since an archived territory no longer changes.
   */
  async replaceManagershipsOf(
    executor: Executor,
    accountId: string,
    territoryIds: readonly string[],
    now: Date,
  ) {
    const activeIds = executor
      .select({ id: territories.id })
      .from(territories)
      .where(eq(territories.active, true));
    await executor
      .delete(territoryManagers)
      .where(
        and(
          eq(territoryManagers.accountId, accountId),
          inArray(territoryManagers.territoryId, activeIds),
          ...(territoryIds.length > 0 ? [notInArray(territoryManagers.territoryId, [...territoryIds])] : []),
        ),
      );
    await territoriesRepository.addManagerships(executor, accountId, territoryIds, now);
  },

  async territoriesOfAccounts(executor: Executor, accountIds: readonly string[]) {
    if (accountIds.length === 0) return [];
    return executor
      .select({ accountId: territoryManagers.accountId, id: territories.id, name: territories.name })
      .from(territoryManagers)
      .innerJoin(territories, eq(territories.id, territoryManagers.territoryId))
      .where(and(inArray(territoryManagers.accountId, [...accountIds]), eq(territories.active, true)))
      .orderBy(territories.name);
  },

  async list(executor: Executor, filter: TerritoryListFilter) {
    if (filter.territoryIds !== null && filter.territoryIds.length === 0) return { rows: [], total: 0 };
    const conditions: SQL[] = [];
    if (filter.territoryIds !== null) conditions.push(inArray(territories.id, [...filter.territoryIds]));
    if (!filter.includeArchived) conditions.push(eq(territories.active, true));
    if (filter.search) conditions.push(ilike(territories.name, containing(filter.search)));
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      executor
        .select()
        .from(territories)
        .where(where)
        .orderBy(...byName)
        .offset(filter.offset)
        .limit(filter.limit),
      executor.select({ total: count() }).from(territories).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },

  /** Every active territory, sorted by name. */
  async listActive(executor: Executor): Promise<TerritoryRow[]> {
    return executor
      .select()
      .from(territories)
      .where(eq(territories.active, true))
      .orderBy(...byName);
  },

  async findById(executor: Executor, id: string): Promise<TerritoryRow | null> {
    const [row] = await executor.select().from(territories).where(eq(territories.id, id));
    return row ?? null;
  },

  /** Reads a territory and holds it until the transaction ends, so concurrent changes to it queue up. */
  async lockById(executor: Executor, id: string): Promise<TerritoryRow | null> {
    const [row] = await executor.select().from(territories).where(eq(territories.id, id)).for('update');
    return row ?? null;
  },

  /**
   * Serialises the writes that give territories countries, so that two of them cannot each find a country
   * free and both take it.
   */
  async lockCountryAssignment(executor: Executor): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(${COUNTRY_ASSIGNMENT_LOCK})`);
  },

  /** The active territories other than `exceptId` that name any of `codes`, by name. */
  async activeHoldersOf(
    executor: Executor,
    codes: readonly string[],
    exceptId?: string,
  ): Promise<Pick<TerritoryRow, 'id' | 'name' | 'countries'>[]> {
    if (codes.length === 0) return [];
    return executor
      .select({ id: territories.id, name: territories.name, countries: territories.countries })
      .from(territories)
      .where(
        and(
          sql`${territories.countries} && array[${sql.join(
            codes.map((code) => sql`${code}`),
            sql`, `,
          )}]::text[]`,
          eq(territories.active, true),
          ...(exceptId ? [ne(territories.id, exceptId)] : []),
        ),
      )
      .orderBy(...byName);
  },

  /** Whether an active territory other than `exceptId` has this name, ignoring case. */
  async activeNameTaken(executor: Executor, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: territories.id })
      .from(territories)
      .where(
        and(
          sql`lower(${territories.name}) = lower(${name})`,
          eq(territories.active, true),
          ...(exceptId ? [ne(territories.id, exceptId)] : []),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(executor: Executor, territory: Omit<TerritoryRow, 'active'>) {
    await executor.insert(territories).values({ ...territory, active: true });
  },

  async update(
    executor: Executor,
    id: string,
    changes: Partial<Pick<TerritoryRow, 'name' | 'countries' | 'active'>> & { updatedAt: Date },
  ) {
    await executor.update(territories).set(changes).where(eq(territories.id, id));
  },

  async linksOf(executor: Executor, territoryIds: readonly string[]): Promise<TerritoryLinkRow[]> {
    if (territoryIds.length === 0) return [];
    return executor
      .select({ territoryId: territoryLinks.territoryId, type: territoryLinks.type, url: territoryLinks.url })
      .from(territoryLinks)
      .where(inArray(territoryLinks.territoryId, [...territoryIds]));
  },

  /** The territory's documents become exactly `links`. */
  async replaceLinks(
    executor: Executor,
    territoryId: string,
    links: readonly { type: LegalLinkType; url: string }[],
  ) {
    await executor.delete(territoryLinks).where(eq(territoryLinks.territoryId, territoryId));
    if (links.length === 0) return;
    await executor.insert(territoryLinks).values(links.map((link) => ({ territoryId, ...link })));
  },

  async managersOf(
    executor: Executor,
    territoryIds: readonly string[],
  ): Promise<(ManagerAccount & { territoryId: string })[]> {
    if (territoryIds.length === 0) return [];
    return executor
      .select({ territoryId: territoryManagers.territoryId, ...managerAccountColumns })
      .from(territoryManagers)
      .innerJoin(accounts, eq(accounts.id, territoryManagers.accountId))
      .where(inArray(territoryManagers.territoryId, [...territoryIds]))
      .orderBy(asc(sql`lower(coalesce(${accounts.displayName}, ${accounts.email}))`), asc(accounts.id));
  },

  async accountsByIds(executor: Executor, ids: readonly string[]): Promise<ManagerAccount[]> {
    if (ids.length === 0) return [];
    return executor
      .select(managerAccountColumns)
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
  },

  /** The territory's managers become exactly `accountIds`. */
  async replaceManagers(executor: Executor, territoryId: string, accountIds: readonly string[], now: Date) {
    await executor
      .delete(territoryManagers)
      .where(
        and(
          eq(territoryManagers.territoryId, territoryId),
          ...(accountIds.length > 0 ? [notInArray(territoryManagers.accountId, [...accountIds])] : []),
        ),
      );
    if (accountIds.length === 0) return;
    await executor
      .insert(territoryManagers)
      .values(accountIds.map((accountId) => ({ territoryId, accountId, addedAt: now })))
      .onConflictDoNothing();
  },
};
