import { isUuid } from '@platform/shared';
import { creatorCampaigns } from '../campaign-access';
import { factsOf, type CampaignFacts } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';

/**
 * What taking part needs to know of a campaign the creator may see (ACTIVE, of its territories, in a
 * status creators see), or null: to them there is no such campaign.
 */
export async function creatorCampaignFacts(
  context: CampaignsContext,
  accountId: string,
  id: string,
): Promise<CampaignFacts | null> {
  if (!isUuid(id)) return null;
  const [row] = await creatorCampaigns(context, accountId, id);
  return row ? factsOf(row) : null;
}
