import { and, asc, count, eq, ilike, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, teamMembers, teams } from '../../db/schema/index';
import { containing } from '../../db/search-pattern';

export type TeamSummary = { id: string; name: string };
export type TeamRow = typeof teams.$inferSelect;

/** A staff account as a team shows it. `accounts` belongs to auth: it is only ever read here. */
export type MemberAccount = {
  id: string;
  email: string;
  displayName: string | null;
  role: (typeof accounts.$inferSelect)['role'];
  status: (typeof accounts.$inferSelect)['status'];
};

const memberAccountColumns = {
  id: accounts.id,
  email: accounts.email,
  displayName: accounts.displayName,
  role: accounts.role,
  status: accounts.status,
};

export { isUniqueViolation } from '../../db/unique-violation';
export const LIVE_NAME_INDEX = 'teams_live_name_idx';

export type TeamListFilter = {
  /** The teams the caller may see; null for every team. */
  teamIds: readonly string[] | null;
  search?: string;
  includeArchived: boolean;
  offset: number;
  limit: number;
};

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

export const teamsRepository = {
  /** The live (not archived) teams an account is a member of. */
  /** The members of a live team (none for an archived one, whose campaigns nobody's team scope reaches). */
  async memberIdsOf(executor: Executor, teamId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: teamMembers.accountId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.teamId, teamId), isNull(teams.archivedAt)));
    return rows.map((row) => row.id);
  },

  async teamIdsOf(executor: Executor, accountId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: teams.id })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.accountId, accountId), isNull(teams.archivedAt)));
    return rows.map((row) => row.id);
  },

  async hasLiveTeam(executor: Executor): Promise<boolean> {
    const [row] = await executor
      .select({ id: teams.id })
      .from(teams)
      .where(isNull(teams.archivedAt))
      .limit(1);
    return row !== undefined;
  },

  async liveTeams(executor: Executor, ids: readonly string[]): Promise<TeamSummary[]> {
    if (ids.length === 0) return [];
    return executor
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(inArray(teams.id, [...ids]), isNull(teams.archivedAt)));
  },

  async addMemberships(executor: Executor, accountId: string, teamIds: readonly string[], now: Date) {
    if (teamIds.length === 0) return;
    await executor
      .insert(teamMembers)
      .values(teamIds.map((teamId) => ({ teamId, accountId, addedAt: now })))
      .onConflictDoNothing();
  },

  /**
   * Makes an account a member of exactly `teamIds` among live teams; memberships of archived teams stay
   * as they were, since an archived team no longer changes.
   */
  async replaceMembershipsOf(executor: Executor, accountId: string, teamIds: readonly string[], now: Date) {
    const liveTeamIds = executor.select({ id: teams.id }).from(teams).where(isNull(teams.archivedAt));
    await executor
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.accountId, accountId),
          inArray(teamMembers.teamId, liveTeamIds),
          ...(teamIds.length > 0 ? [notInArray(teamMembers.teamId, [...teamIds])] : []),
        ),
      );
    await teamsRepository.addMemberships(executor, accountId, teamIds, now);
  },

  async teamsOfAccounts(executor: Executor, accountIds: readonly string[]) {
    if (accountIds.length === 0) return [];
    return executor
      .select({ accountId: teamMembers.accountId, id: teams.id, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(inArray(teamMembers.accountId, [...accountIds]), isNull(teams.archivedAt)))
      .orderBy(teams.name);
  },

  async list(executor: Executor, filter: TeamListFilter) {
    if (filter.teamIds !== null && filter.teamIds.length === 0) return { rows: [], total: 0 };
    const conditions: SQL[] = [];
    if (filter.teamIds !== null) conditions.push(inArray(teams.id, [...filter.teamIds]));
    if (!filter.includeArchived) conditions.push(isNull(teams.archivedAt));
    if (filter.search) conditions.push(ilike(teams.name, containing(filter.search)));
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      executor
        .select({
          id: teams.id,
          name: teams.name,
          createdAt: teams.createdAt,
          archivedAt: teams.archivedAt,
          memberCount,
        })
        .from(teams)
        .where(where)
        .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
        .offset(filter.offset)
        .limit(filter.limit),
      executor.select({ total: count() }).from(teams).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  },

  async findById(executor: Executor, id: string) {
    const [row] = await executor
      .select({
        id: teams.id,
        name: teams.name,
        createdAt: teams.createdAt,
        archivedAt: teams.archivedAt,
        memberCount,
      })
      .from(teams)
      .where(eq(teams.id, id));
    return row ?? null;
  },

  /** Reads a team and holds it until the transaction ends, so concurrent changes to it queue up. */
  async lockById(executor: Executor, id: string) {
    const [row] = await executor
      .select({ id: teams.id, name: teams.name, archivedAt: teams.archivedAt })
      .from(teams)
      .where(eq(teams.id, id))
      .for('update');
    return row ?? null;
  },

  /** Whether a live team other than `exceptId` has this name, ignoring case. */
  async liveNameTaken(executor: Executor, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          sql`lower(${teams.name}) = lower(${name})`,
          isNull(teams.archivedAt),
          ...(exceptId ? [ne(teams.id, exceptId)] : []),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  async insert(executor: Executor, team: { id: string; name: string; createdAt: Date }) {
    await executor.insert(teams).values({ ...team, archivedAt: null });
  },

  async rename(executor: Executor, id: string, name: string) {
    await executor.update(teams).set({ name }).where(eq(teams.id, id));
  },

  async archive(executor: Executor, id: string, at: Date) {
    await executor.update(teams).set({ archivedAt: at }).where(eq(teams.id, id));
  },

  async members(executor: Executor, teamId: string): Promise<MemberAccount[]> {
    return executor
      .select(memberAccountColumns)
      .from(teamMembers)
      .innerJoin(accounts, eq(accounts.id, teamMembers.accountId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(sql`lower(coalesce(${accounts.displayName}, ${accounts.email}))`), asc(accounts.id));
  },

  async accountsByIds(executor: Executor, ids: readonly string[]): Promise<MemberAccount[]> {
    if (ids.length === 0) return [];
    return executor
      .select(memberAccountColumns)
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
  },

  /** The team's members become exactly `accountIds`. */
  async replaceMembers(executor: Executor, teamId: string, accountIds: readonly string[], now: Date) {
    await executor
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.teamId, teamId),
          ...(accountIds.length > 0 ? [notInArray(teamMembers.accountId, [...accountIds])] : []),
        ),
      );
    if (accountIds.length === 0) return;
    await executor
      .insert(teamMembers)
      .values(accountIds.map((accountId) => ({ teamId, accountId, addedAt: now })))
      .onConflictDoNothing();
  },
};
