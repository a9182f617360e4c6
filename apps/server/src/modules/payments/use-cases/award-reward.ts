import { randomUUID } from 'node:crypto';
import type { RewardBasis } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { ledgerAccounts, post } from '../ledger';
import type { PaymentsContext } from '../payments.context';
import type { PaymentRow, RewardRow } from '../payments.repository';

/** An entry as the rewards need it. */
export type RewardedEntry = { id: string; campaignId: string; creatorId: string };

/** A reward an entry won, by a rule of the rewards module. */
export type WonReward = Pick<RewardRow, 'rule' | 'rank' | 'period' | 'amountMinor' | 'currency'> & {
  entry: RewardedEntry;
  basis: RewardBasis;
};

/**
 * A reward won, in the transaction that gave it: the reward, its PENDING payment, and the money moved from
 * the campaign's budget to what the creator is owed.
 */
export async function awardReward(context: PaymentsContext, tx: Executor, won: WonReward): Promise<void> {
  const now = context.clock.now();
  const reward: RewardRow = {
    id: randomUUID(),
    campaignId: won.entry.campaignId,
    entryId: won.entry.id,
    creatorId: won.entry.creatorId,
    rule: won.rule,
    rank: won.rank,
    period: won.period,
    amountMinor: won.amountMinor,
    currency: won.currency,
    status: 'ACTIVE',
    basis: won.basis,
    createdAt: now,
    releasedAt: null,
  };
  await context.repository.insertReward(tx, reward);
  const payment: PaymentRow = {
    id: randomUUID(),
    rewardId: reward.id,
    campaignId: reward.campaignId,
    creatorId: reward.creatorId,
    amountMinor: reward.amountMinor,
    currency: reward.currency,
    status: 'PENDING',
    rejectionReason: null,
    createdAt: now,
    decidedAt: null,
    decidedBy: null,
    updatedAt: now,
  };
  await context.repository.insertPayment(tx, payment);
  await post(context, tx, {
    kind: 'reward.won',
    currency: reward.currency,
    rewardId: reward.id,
    paymentId: payment.id,
    lines: [
      { account: ledgerAccounts.campaignRewards(reward.campaignId), amountMinor: reward.amountMinor },
      { account: ledgerAccounts.creatorPayable(reward.creatorId), amountMinor: -reward.amountMinor },
    ],
  });
}
