import { TEAM_MESSAGES, type TeamDetail } from '@platform/shared';
import { errors } from '../../../errors';
import { actorOf, isActiveStaff, lockLiveTeam, teamDetail, writing, type TeamsCaller } from '../team-rules';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** Replaces the member list; every member must be an active staff account. */
export async function replaceTeamMembers(
  context: TeamsContext,
  caller: TeamsCaller,
  id: string,
  body: { accountIds: string[] },
): Promise<TeamDetail> {
  const accountIds = [...new Set(body.accountIds)];
  return writing(context, async (tx) => {
    const team = await lockLiveTeam(tx, caller, id);
    const found = await repository.accountsByIds(tx, accountIds);
    if (found.length !== accountIds.length || !found.every(isActiveStaff)) {
      throw errors.validation([{ field: 'accountIds', message: TEAM_MESSAGES.memberNotStaff }]);
    }
    const before = await repository.members(tx, team.id);
    const beforeIds = new Set(before.map((member) => member.id));
    const unchanged =
      beforeIds.size === accountIds.length && accountIds.every((accountId) => beforeIds.has(accountId));
    if (!unchanged) {
      await repository.replaceMembers(tx, team.id, accountIds, context.clock.now());
      const after = await repository.members(tx, team.id);
      await context.audit.record(tx, {
        actor: actorOf(caller),
        action: 'team.members',
        target: { type: 'team', id: team.id, label: team.name },
        before: { members: before.map(({ id: accountId, email }) => ({ id: accountId, email })) },
        after: { members: after.map(({ id: accountId, email }) => ({ id: accountId, email })) },
      });
    }
    return teamDetail(tx, team.id);
  });
}
