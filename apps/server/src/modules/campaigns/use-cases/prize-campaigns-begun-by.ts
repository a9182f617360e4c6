import { rewardTermsOf, type RewardTerms } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository, type CampaignRow } from '../campaigns.repository';

/**
 * Campaigns that give prizes by rank and may have a board closed by `closedBy`, with what they pay and
 * when they run: the prize settlement's work list.
 */
export async function prizeCampaignsBegunBy(
  context: CampaignsContext,
  closedBy: Date,
): Promise<(Omit<RewardTerms, 'fundedMinor'> & Pick<CampaignRow, 'validation'>)[]> {
  return (await repository.prizeCampaignsBegunBy(context.db, closedBy)).map((row) => ({
    ...rewardTermsOf(row),
    validation: row.validation,
  }));
}
