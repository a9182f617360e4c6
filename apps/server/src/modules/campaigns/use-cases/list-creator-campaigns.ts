import { campaignStatusAllows } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import { creatorCampaigns } from '../campaign-access';
import { creatorCard, type CreatorCampaignCardFacts } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * The campaigns a creator may see, as their cards show them (GET /server-api/campaigns, SPEC §7): live
 * and published first; `onlyEnded` keeps the ended ones.
 */
export async function listCreatorCampaigns(
  context: CampaignsContext,
  user: RequestUser,
  options: { onlyEnded: boolean },
): Promise<CreatorCampaignCardFacts[]> {
  const rows = (await creatorCampaigns(context, user.accountId)).filter(
    (row) => campaignStatusAllows(row.status, 'finished') === options.onlyEnded,
  );
  const cards: CreatorCampaignCardFacts[] = [];
  for (const row of rows) {
    const assets = await repository.assetsOf(context.db, row.id);
    cards.push(creatorCard(row, assets, (await repository.fundingOf(context.db, row.id)).succeededMinor));
  }
  return cards;
}
