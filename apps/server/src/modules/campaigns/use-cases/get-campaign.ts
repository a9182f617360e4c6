import type { CampaignDetail } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { findInScope } from '../campaign-access';
import { campaignDetail } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';

/** A campaign within the caller's scope, as staff read it, or 404. */
export async function getCampaign(
  context: CampaignsContext,
  caller: StaffCaller,
  id: string,
): Promise<CampaignDetail> {
  await findInScope(context.db, caller, id);
  return campaignDetail(context.db, id);
}
