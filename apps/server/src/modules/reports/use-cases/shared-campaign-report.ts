import type { CampaignReport } from '@platform/shared';
import { errors } from '../../../errors';
import { reportOf } from '../report-of';
import type { ReportsContext } from '../reports.context';

/**
 * A campaign's report for a caller already given it another way (a signed report link); 404 when the
 * campaign is gone.
 */
export async function sharedCampaignReport(
  context: ReportsContext,
  campaignId: string,
): Promise<CampaignReport> {
  const campaign = await context.campaignsService.campaignFactsById(campaignId);
  if (!campaign) throw errors.notFound();
  return reportOf(context, campaign);
}
