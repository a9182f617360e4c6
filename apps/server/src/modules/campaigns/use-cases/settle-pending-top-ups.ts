import { FundingUnavailable, type TopUp } from '../../../adapters/funding/funding-provider';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import { afterMoneyReceived, startIfDue } from '../campaign-fundings';
import { fundingsRepository, type FundingRow } from '../campaign-fundings.repository';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * The recurring look at top-ups still clearing (ADR 038): each one the provider now says succeeded or
 * failed is settled under its campaign's row lock, audited; money that arrived raises the budget past it
 * and starts a campaign it funds past its start. A provider that cannot answer now is asked next time.
 * Answers how many top-ups were settled.
 */
export async function settlePendingTopUps(context: CampaignsContext): Promise<number> {
  const { funding: provider } = context;
  if (!provider) return 0;
  let settled = 0;
  for (const pending of await fundingsRepository.pendingTopUps(context.db)) {
    let topUp: TopUp;
    try {
      topUp = await provider.lookUp(pending.reference);
    } catch (error) {
      if (error instanceof FundingUnavailable) continue;
      throw error;
    }
    if (topUp.status === 'PENDING') continue;
    if (await settle(context, pending, topUp)) settled += 1;
  }
  return settled;
}

async function settle(context: CampaignsContext, pending: FundingRow, topUp: TopUp): Promise<boolean> {
  const [moved, startDue] = await context.db.transaction(async (tx) => {
    const row = await repository.lockById(tx, pending.campaignId);
    const funding = await fundingsRepository.lock(tx, pending.id);
    // Another worker settled it first.
    if (!row || funding?.status !== 'PENDING') return [false, false] as const;
    await fundingsRepository.update(tx, funding.id, {
      status: topUp.status,
      failure: topUp.failure,
      settledAt: context.clock.now(),
    });
    await context.audit.record(tx, {
      actor: SCHEDULER_ACTOR,
      action: 'campaign.funding.settle',
      target: { type: 'campaign', id: row.id, label: row.name },
      before: { fundingId: funding.id, status: 'PENDING' },
      after: {
        fundingId: funding.id,
        status: topUp.status,
        ...(topUp.failure ? { failure: topUp.failure } : {}),
      },
    });
    const due = topUp.status === 'SUCCEEDED' && (await afterMoneyReceived(context, tx, row, SCHEDULER_ACTOR));
    return [true, due] as const;
  });
  await startIfDue(context, pending.campaignId, startDue);
  return moved;
}
