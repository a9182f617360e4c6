import { bindUseCases } from '../use-cases';
import type { TeamsContext } from './teams.context';
import { addMemberships } from './use-cases/add-memberships';
import { archiveTeam } from './use-cases/archive-team';
import { createTeam } from './use-cases/create-team';
import { getTeam } from './use-cases/get-team';
import { hasLiveTeam } from './use-cases/has-live-team';
import { listTeams } from './use-cases/list-teams';
import { liveTeams } from './use-cases/live-teams';
import { memberIdsOf } from './use-cases/member-ids-of';
import { renameTeam } from './use-cases/rename-team';
import { replaceMembershipsOf } from './use-cases/replace-memberships-of';
import { replaceTeamMembers } from './use-cases/replace-team-members';
import { teamIdsOf } from './use-cases/team-ids-of';
import { teamsOfAccounts } from './use-cases/teams-of-accounts';

export type { TeamSummary } from './teams.repository';
export type { TeamsCaller } from './team-rules';

export type TeamsService = ReturnType<typeof createTeamsService>;

/** Teams of staff and their members. */
export function createTeamsService(dependencies: TeamsContext) {
  return bindUseCases(dependencies, {
    teamIdsOf,
    memberIdsOf,
    hasLiveTeam,
    liveTeams,
    addMemberships,
    replaceMembershipsOf,
    teamsOfAccounts,
    list: listTeams,
    get: getTeam,
    create: createTeam,
    rename: renameTeam,
    archive: archiveTeam,
    replaceMembers: replaceTeamMembers,
  });
}
