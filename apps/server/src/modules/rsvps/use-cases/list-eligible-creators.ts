import type { EligibleCreator, EligibleCreatorListQuery, Paged } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** A page of the creators the campaign may invite, with where each stands in it already. */
export async function listEligibleCreators(
  context: RsvpsContext,
  caller: StaffCaller,
  campaignId: string,
  query: EligibleCreatorListQuery,
): Promise<Paged<EligibleCreator>> {
  const { campaignsService, creatorService } = context;
  const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
  const search = query.search?.trim();
  const { rows, total } = await creatorService.searchEligible({
    coverage: await campaignsService.creatorCoverage(campaign.id),
    platform: campaign.platform,
    ...(search ? { search } : {}),
    ...(query.genreId ? { genreId: query.genreId } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const statuses = await repository.statusesOf(
    context.db,
    campaign.id,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({ ...row, rsvpStatus: statuses.get(row.id) ?? null })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
