import type { CampaignListQuery, CampaignSummary, Paged } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { coverOf, toSummary } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** A page of the campaigns within the caller's scope, by the list's filters, soonest-changed first. */
export async function listCampaigns(
  context: CampaignsContext,
  caller: StaffCaller,
  query: CampaignListQuery,
): Promise<Paged<CampaignSummary>> {
  const { db } = context;
  const search = query.search?.trim();
  const { rows, total } = await repository.list(db, {
    teamIds: caller.scope.kind === 'team' ? caller.scope.teamIds : null,
    territoryIds: caller.scope.kind === 'territory' ? caller.scope.territoryIds : null,
    ...(query.status ? { status: query.status } : {}),
    ...(query.teamId ? { teamId: query.teamId } : {}),
    ...(query.platform ? { platform: query.platform } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    ...(search ? { search } : {}),
    includeArchived: query.includeArchived === 'true',
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const items = await Promise.all(
    rows.map(async (row) => toSummary(row, coverOf(row, await repository.assetsOf(db, row.id)))),
  );
  return { items, total, page: query.page, pageSize: query.pageSize };
}
