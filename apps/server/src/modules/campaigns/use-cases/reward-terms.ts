import { isUuid } from '@platform/shared';
import { rewardTermsOf, type RewardTerms } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** What a campaign pays and within which budget, as it is now. */
export async function rewardTerms(context: CampaignsContext, id: string): Promise<RewardTerms | null> {
  const row = isUuid(id) ? await repository.findById(context.db, id) : undefined;
  return row
    ? { ...rewardTermsOf(row), fundedMinor: (await repository.fundingOf(context.db, id)).succeededMinor }
    : null;
}
