import type { TeamListQuery, TeamListResponse } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { toListItem, visibleTeamIds } from '../team-rules';
import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository } from '../teams.repository';

/** A page of the teams the caller may see, sorted by name. */
export async function listTeams(
  context: TeamsContext,
  caller: StaffCaller,
  query: TeamListQuery,
): Promise<TeamListResponse> {
  const search = query.search?.trim();
  const { rows, total } = await repository.list(context.db, {
    teamIds: visibleTeamIds(caller.scope),
    ...(search ? { search } : {}),
    includeArchived: query.includeArchived === 'true',
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(toListItem), total, page: query.page, pageSize: query.pageSize };
}
