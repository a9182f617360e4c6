import type { Executor } from '../../../db/client';
import { rewardTermsOf, type RewardTerms } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * What a campaign pays and within which budget, its row locked until `tx` ends: rewards are won one at
 * a time per campaign, so two approvals never both take the last slot.
 */
export async function lockRewardTerms(
  _context: CampaignsContext,
  tx: Executor,
  id: string,
): Promise<RewardTerms | null> {
  const row = await repository.lockById(tx, id);
  return row ? rewardTermsOf(row) : null;
}
