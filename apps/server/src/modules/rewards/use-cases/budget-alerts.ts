import { budgetThresholdsReached, formatMoney, reservableOf } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { RewardTerms } from '../../campaigns/campaigns.service';
import { pacingOf, runwayWords } from '../pacing';
import type { RewardsContext } from '../rewards.context';

/**
 * In the transaction that reserved `committedMinor` of a campaign's budget (ADR 038): each share of the
 * budget it reached (50, 80, 95 %) not yet recorded is recorded and told to those who may edit the
 * campaign's budget in its team (its CampaignManagers, and Admins). The row of `budget_alerts` is the
 * once: two reservations crossing a threshold together tell it once.
 */
export async function alertBudgetThresholds(
  context: RewardsContext,
  tx: Executor,
  terms: Pick<RewardTerms, 'id' | 'name' | 'teamId' | 'currency' | 'budget' | 'fundedMinor' | 'startsAt'>,
  committedMinor: number,
): Promise<number[]> {
  const reached = budgetThresholdsReached(committedMinor, terms.budget);
  if (reached.length === 0) return [];
  const sent = new Set(await context.repository.budgetAlertsOf(tx, terms.id));
  const fresh = reached.filter((threshold) => !sent.has(threshold));
  if (fresh.length === 0) return [];
  const left = reservableOf(terms.budget, terms.fundedMinor) - committedMinor;
  const pacing = await pacingOf(context, terms, committedMinor, left, tx);
  const runway = runwayWords(pacing.runwayDays);
  const reserved = `${formatMoney(committedMinor, terms.currency)} of ${formatMoney(terms.budget, terms.currency)} reserved`;
  const subject = runway ? `${reserved}; ${runway}.` : `${reserved}.`;
  const told: number[] = [];
  for (const threshold of fresh) {
    const claimed = await context.repository.claimBudgetAlert(tx, {
      campaignId: terms.id,
      threshold,
      reservedMinor: committedMinor,
      budgetMinor: terms.budget,
      sentAt: context.clock.now(),
    });
    if (!claimed) continue;
    told.push(threshold);
    await context.staffNotifier(tx, {
      event: 'BUDGET_ALERT',
      work: { action: 'EDIT', resource: 'CAMPAIGN_BUDGET' },
      // The campaign's team only: a budget is its managers' to watch, not its territories'.
      campaign: { id: terms.id, name: terms.name, teamId: terms.teamId, territoryIds: [] },
      link: `/console/campaigns/${terms.id}`,
      count: threshold,
      subject,
    });
  }
  return told;
}
