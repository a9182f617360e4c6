import type { Executor } from '../../../db/client';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** Adds an account to teams, in the caller's transaction (a staff member joining with an invitation). */
export const addMemberships = (
  context: TeamsContext,
  executor: Executor,
  accountId: string,
  teamIds: readonly string[],
) => repository.addMemberships(executor, accountId, teamIds, context.clock.now());
