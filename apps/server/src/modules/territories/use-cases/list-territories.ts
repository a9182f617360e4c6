import type { TerritoryListQuery, TerritoryListResponse } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';
import { visibleTerritoryIds, withDetails } from '../territory-rules';

/** A page of the territories the caller may see, sorted by name. */
export async function listTerritories(
  context: TerritoriesContext,
  caller: StaffCaller,
  query: TerritoryListQuery,
): Promise<TerritoryListResponse> {
  const search = query.search?.trim();
  const { rows, total } = await repository.list(context.db, {
    territoryIds: visibleTerritoryIds(caller.scope),
    ...(search ? { search } : {}),
    includeArchived: query.includeArchived === 'true',
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: await withDetails(context.db, rows), total, page: query.page, pageSize: query.pageSize };
}
