import type { CampaignFundingsResponse } from '@platform/shared';
import type { StaffCaller } from '../../../principal';
import { findInScope } from '../campaign-access';
import { toFunding } from '../campaign-fundings';
import { fundingsRepository } from '../campaign-fundings.repository';
import type { CampaignsContext } from '../campaigns.context';

/** The money received for a campaign within the caller's scope, newest first, or 404. */
export async function listCampaignFundings(
  context: CampaignsContext,
  caller: StaffCaller,
  id: string,
): Promise<CampaignFundingsResponse> {
  const campaign = await findInScope(context.db, caller, id);
  const rows = await fundingsRepository.listOf(context.db, campaign.id);
  return { items: rows.map(toFunding), providerTopUps: context.funding !== null };
}
