import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/index';

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
};
