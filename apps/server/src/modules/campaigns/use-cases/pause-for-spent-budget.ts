import { FUNDING_MESSAGES, nextCampaignStatus } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import { moveCampaign } from '../campaign-moves';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * In the transaction that reserved the last of a campaign's budget: a LIVE campaign pauses itself, so it
 * takes no new joins or entries and tells creators why (ADR 038). Answers whether it moved.
 */
export async function pauseForSpentBudget(
  context: CampaignsContext,
  tx: Executor,
  id: string,
): Promise<boolean> {
  const row = await repository.lockById(tx, id);
  if (!row || nextCampaignStatus(row.status, 'pause') === null) return false;
  await moveCampaign(context, tx, row, 'PAUSED', SCHEDULER_ACTOR, {
    action: 'campaign.pause',
    reason: FUNDING_MESSAGES.budgetSpent,
  });
  return true;
}
