import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { teamsRepository as repository } from './teams.repository';

export type TeamsService = ReturnType<typeof createTeamsService>;

export function createTeamsService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db } = dependencies;
  return {
    /** The teams whose campaigns a member's team-scoped grants reach. */
    teamIdsOf: (accountId: string) => repository.teamIdsOf(db, accountId),
  };
}
