import type { ReportShareList } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { toShares } from '../report-links';
import type { ReportSharesContext } from '../report-shares.context';
import { reportSharesRepository as repository } from '../report-shares.repository';

/** GET …/marketing/campaigns/{id}/report/shares: every link made to the campaign's report, newest first. */
export async function listReportShares(
  context: ReportSharesContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<ReportShareList> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  return { items: await toShares(context, await repository.ofCampaign(context.db, campaign.id)) };
}
