import type { CampaignListQuery, CampaignSummary, Paged } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import type { ReportsContext } from '../reports.context';

/**
 * GET …/marketing/reports: the campaigns whose report the caller may see. The report grant is scoped as
 * the campaign grant is (DESIGN §6), so it is the campaigns list under another grant.
 */
export function reportList(
  context: ReportsContext,
  caller: StaffCaller,
  query: CampaignListQuery,
): Promise<Paged<CampaignSummary>> {
  return context.campaignsService.list(caller, query);
}
