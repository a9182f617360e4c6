import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** The teams whose campaigns a member's team-scoped grants reach. */
export const teamIdsOf = (context: TeamsContext, accountId: string) =>
  repository.teamIdsOf(context.db, accountId);
