import type { TeamDetail } from '@platform/shared';
import { actorOf, duplicateName, lockLiveTeam, teamDetail, writing, type TeamsCaller } from '../team-rules';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** A live team's new name, which no other live team may have. */
export async function renameTeam(
  context: TeamsContext,
  caller: TeamsCaller,
  id: string,
  body: { name: string },
): Promise<TeamDetail> {
  return writing(context, async (tx) => {
    const team = await lockLiveTeam(tx, caller, id);
    if (team.name !== body.name) {
      if (await repository.liveNameTaken(tx, body.name, team.id)) throw duplicateName();
      await repository.rename(tx, team.id, body.name);
      await context.audit.record(tx, {
        actor: actorOf(caller),
        action: 'team.rename',
        target: { type: 'team', id: team.id, label: body.name },
        before: { name: team.name },
        after: { name: body.name },
      });
    }
    return teamDetail(tx, team.id);
  });
}
