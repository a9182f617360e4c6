import type { TeamDetail } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { idInScope, teamDetail } from '../team-rules';
import type { TeamsContext } from '../teams.context';

/** A team the caller may see, with its members, or 404. */
export const getTeam = (context: TeamsContext, caller: StaffCaller, id: string): Promise<TeamDetail> =>
  teamDetail(context.db, idInScope(caller, id));
