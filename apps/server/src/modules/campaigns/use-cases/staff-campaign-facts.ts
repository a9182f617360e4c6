import type { StaffCaller } from '../../../principal';
import { findInScope } from '../campaign-access';
import { factsOf, type CampaignFacts } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';

/** What taking part needs to know of a campaign within the staff caller's scope, or 404. */
export async function staffCampaignFacts(
  context: CampaignsContext,
  caller: StaffCaller,
  id: string,
): Promise<CampaignFacts> {
  return factsOf(await findInScope(context.db, caller, id));
}
