import type { CreatorCampaignDetail } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import { withBudgetLeft } from '../budget-left';
import type { CreatorCampaignsContext } from '../creator-campaigns.context';

/**
 * GET /server-api/campaigns/{id}: a campaign the creator may see, with its entries counted and what is left
 * of its budget, or 404.
 */
export async function getCreatorCampaignDetail(
  context: CreatorCampaignsContext,
  user: RequestUser,
  id: string,
): Promise<CreatorCampaignDetail> {
  const campaign = await context.campaignsService.creatorGet(user, id);
  return {
    ...(await withBudgetLeft(context, campaign)),
    campaignEntriesCount: await context.entriesService.countOf(campaign.id),
  };
}
