import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { teamsRepository as repository, type TeamSummary } from './teams.repository';

export type TeamsService = ReturnType<typeof createTeamsService>;
export type { TeamSummary };

export function createTeamsService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock } = dependencies;
  return {
    /** The teams whose campaigns a member's team-scoped grants reach. */
    teamIdsOf: (accountId: string) => repository.teamIdsOf(db, accountId),

    /** Those of `ids` that name a live team. */
    liveTeams: (ids: readonly string[], executor: Executor = db) => repository.liveTeams(executor, ids),

    /** Adds an account to teams, in the caller's transaction (a staff member joining with an invitation). */
    addMemberships: (executor: Executor, accountId: string, teamIds: readonly string[]) =>
      repository.addMemberships(executor, accountId, teamIds, clock.now()),

    /** The live teams of each account, sorted by name. */
    async teamsOfAccounts(accountIds: readonly string[]): Promise<Map<string, TeamSummary[]>> {
      const byAccount = new Map<string, TeamSummary[]>();
      for (const row of await repository.teamsOfAccounts(db, accountIds)) {
        byAccount.set(row.accountId, [
          ...(byAccount.get(row.accountId) ?? []),
          { id: row.id, name: row.name },
        ]);
      }
      return byAccount;
    },
  };
}
