import type { CreatorCampaignCard } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import { withBudgetLeft } from '../budget-left';
import type { CreatorCampaignsContext } from '../creator-campaigns.context';

/**
 * GET /server-api/campaigns (SPEC §7): the campaigns the creator may see, each with its entries counted and
 * what is left of its budget.
 */
export async function listCreatorCampaignCards(
  context: CreatorCampaignsContext,
  user: RequestUser,
  options: { onlyEnded: boolean },
): Promise<CreatorCampaignCard[]> {
  const cards: CreatorCampaignCard[] = [];
  for (const card of await context.campaignsService.creatorList(user, options)) {
    cards.push({
      ...(await withBudgetLeft(context, card)),
      campaignEntriesCount: await context.entriesService.countOf(card.id),
    });
  }
  return cards;
}
