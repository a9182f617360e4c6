import { randomUUID } from 'node:crypto';
import type { TeamDetail } from '@platform/shared';
import { actorOf, duplicateName, teamDetail, writing, type TeamsCaller } from '../team-rules';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** A new team, named as no other live team is. */
export async function createTeam(
  context: TeamsContext,
  caller: TeamsCaller,
  body: { name: string },
): Promise<TeamDetail> {
  return writing(context, async (tx) => {
    if (await repository.liveNameTaken(tx, body.name)) throw duplicateName();
    const team = { id: randomUUID(), name: body.name, createdAt: context.clock.now() };
    await repository.insert(tx, team);
    await context.audit.record(tx, {
      actor: actorOf(caller),
      action: 'team.create',
      target: { type: 'team', id: team.id, label: team.name },
      before: null,
      after: { name: team.name },
    });
    return teamDetail(tx, team.id);
  });
}
