import type { CreatorCampaignCard } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { CreatorCampaignsContext } from '../creator-campaigns.context';

/** GET /server-api/campaigns (SPEC §7): the campaigns the creator may see, each with its entries counted. */
export async function listCreatorCampaignCards(
  context: CreatorCampaignsContext,
  user: RequestUser,
  options: { onlyEnded: boolean },
): Promise<CreatorCampaignCard[]> {
  const cards: CreatorCampaignCard[] = [];
  for (const card of await context.campaignsService.creatorList(user, options)) {
    cards.push({ ...card, campaignEntriesCount: await context.entriesService.countOf(card.id) });
  }
  return cards;
}
