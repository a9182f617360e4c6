import type { Executor } from '../../../db/client';
import { rewardTermsOf, type RewardTerms } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * What a campaign pays and within which budget and funding, its row locked until `tx` ends: rewards are
 * won one at a time per campaign, so two approvals never both take the last slot. A funding takes the same
 * lock, so the funded sum read here holds until `tx` ends.
 */
export async function lockRewardTerms(
  _context: CampaignsContext,
  tx: Executor,
  id: string,
): Promise<RewardTerms | null> {
  const row = await repository.lockById(tx, id);
  return row
    ? { ...rewardTermsOf(row), fundedMinor: (await repository.fundingOf(tx, id)).succeededMinor }
    : null;
}
