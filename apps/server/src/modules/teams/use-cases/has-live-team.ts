import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** Whether the install has a team that is not archived. */
export const hasLiveTeam = (context: TeamsContext) => repository.hasLiveTeam(context.db);
