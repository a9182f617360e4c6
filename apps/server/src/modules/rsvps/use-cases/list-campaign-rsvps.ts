import type { CampaignRsvp, CampaignRsvpListQuery, Paged } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { toRsvp } from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** The console's page of a campaign's creators: who joined, who is invited and how they answered. */
export async function listCampaignRsvps(
  context: RsvpsContext,
  caller: StaffCaller,
  campaignId: string,
  query: CampaignRsvpListQuery,
): Promise<Paged<CampaignRsvp>> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const { rows, total } = await repository.list(context.db, {
    campaignId: campaign.id,
    ...(query.status ? { status: query.status } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: await context.creatorService.withCreators(rows.map(toRsvp), campaign.platform),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
