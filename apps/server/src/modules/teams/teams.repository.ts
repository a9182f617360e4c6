import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/index';

export type TeamSummary = { id: string; name: string };

export const teamsRepository = {
  /** The live (not archived) teams an account is a member of. */
  async teamIdsOf(executor: Executor, accountId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: teams.id })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.accountId, accountId), isNull(teams.archivedAt)));
    return rows.map((row) => row.id);
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

  async teamsOfAccounts(executor: Executor, accountIds: readonly string[]) {
    if (accountIds.length === 0) return [];
    return executor
      .select({ accountId: teamMembers.accountId, id: teams.id, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(inArray(teamMembers.accountId, [...accountIds]), isNull(teams.archivedAt)))
      .orderBy(teams.name);
  },
};
