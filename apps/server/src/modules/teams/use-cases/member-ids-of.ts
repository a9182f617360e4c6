import type { Executor } from '../../../db/client';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** The accounts that are members of a team. */
export const memberIdsOf = (context: TeamsContext, teamId: string, executor: Executor = context.db) =>
  repository.memberIdsOf(executor, teamId);
