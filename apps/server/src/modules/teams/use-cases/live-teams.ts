import type { Executor } from '../../../db/client';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** Those of `ids` that name a live team. */
export const liveTeams = (context: TeamsContext, ids: readonly string[], executor: Executor = context.db) =>
  repository.liveTeams(executor, ids);
