import type { CampaignReport } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { reportOf } from '../report-of';
import type { ReportsContext } from '../reports.context';

/** GET …/marketing/campaigns/{id}/report: a campaign's report, for staff who may see the campaign. */
export async function campaignReport(
  context: ReportsContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<CampaignReport> {
  return reportOf(context, await context.campaignsService.staffCampaignFacts(caller, campaignId));
}
