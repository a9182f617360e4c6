import type { Executor } from '../../../db/client';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/**
 * Makes an account a member of exactly these live teams, in the caller's transaction (an Admin changing
 * a staff member's teams). Ids of archived or missing teams are ignored; memberships of archived teams
 * are left as they were.
 */
export async function replaceMembershipsOf(
  context: TeamsContext,
  executor: Executor,
  accountId: string,
  teamIds: readonly string[],
) {
  const live = await repository.liveTeams(executor, [...new Set(teamIds)]);
  await repository.replaceMembershipsOf(
    executor,
    accountId,
    live.map((team) => team.id),
    context.clock.now(),
  );
}
