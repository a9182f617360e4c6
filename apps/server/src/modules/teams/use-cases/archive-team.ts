import { ERROR_CODES, TEAM_MESSAGES, type TeamDetail } from '@platform/shared';
import { AppError, errors } from '../../../errors';
import { actorOf, idInScope, teamDetail, writing, type TeamsCaller } from '../team-rules';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** Puts a live team away; archiving it again is a 409. */
export async function archiveTeam(
  context: TeamsContext,
  caller: TeamsCaller,
  id: string,
): Promise<TeamDetail> {
  return writing(context, async (tx) => {
    const team = await repository.lockById(tx, idInScope(caller, id));
    if (!team) throw errors.notFound();
    if (team.archivedAt !== null) {
      throw new AppError(409, ERROR_CODES.conflict, TEAM_MESSAGES.alreadyArchived);
    }
    await repository.archive(tx, team.id, context.clock.now());
    await context.audit.record(tx, {
      actor: actorOf(caller),
      action: 'team.archive',
      target: { type: 'team', id: team.id, label: team.name },
      before: { archived: false },
      after: { archived: true },
    });
    return teamDetail(tx, team.id);
  });
}
