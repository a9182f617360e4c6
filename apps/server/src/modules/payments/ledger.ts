import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { PaymentsContext } from './payments.context';
import type { LedgerLineRow, PaymentRow, RewardRow } from './payments.repository';

/** The ledger's accounts: where a reward's money sits between the campaign's budget and the creator. */
export const ledgerAccounts = {
  campaignRewards: (campaignId: string) => `campaign:${campaignId}:rewards`,
  creatorPayable: (creatorId: string) => `creator:${creatorId}:payable`,
  /** VAT or GST a self-billed invoice adds to rewards: the operator's to pay, and to reclaim where it may. */
  taxOnRewards: (kind: string) => `platform:tax:${kind.toLowerCase()}`,
  /** Money that has left the platform for creators' wallets. */
  paidOut: 'platform:payouts',
};

export type LedgerMovement = {
  kind: string;
  currency: LedgerLineRow['currency'];
  lines: { account: string; amountMinor: number }[];
  rewardId: string;
  paymentId: string;
};

/** One balanced ledger transaction: nothing in the ledger is ever updated, balances are sums. */
export async function post(
  context: Pick<PaymentsContext, 'clock' | 'repository'>,
  tx: Executor,
  movement: LedgerMovement,
): Promise<void> {
  const total = movement.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  if (total !== 0) throw new Error(`ledger transaction ${movement.kind} does not balance: ${total}`);
  const transactionId = randomUUID();
  const now = context.clock.now();
  await context.repository.insertLedgerLines(
    tx,
    movement.lines.map((line) => ({
      id: randomUUID(),
      transactionId,
      account: line.account,
      amountMinor: line.amountMinor,
      currency: movement.currency,
      kind: movement.kind,
      rewardId: movement.rewardId,
      paymentId: movement.paymentId,
      createdAt: now,
    })),
  );
}

/** Gives a reward's money back to the campaign, and frees its slot. */
export async function giveBack(
  context: PaymentsContext,
  tx: Executor,
  reward: RewardRow,
  payment: PaymentRow,
  kind: string,
): Promise<void> {
  await context.repository.releaseReward(tx, reward.id, context.clock.now());
  await post(context, tx, {
    kind,
    currency: reward.currency,
    rewardId: reward.id,
    paymentId: payment.id,
    lines: [
      { account: ledgerAccounts.creatorPayable(reward.creatorId), amountMinor: reward.amountMinor },
      { account: ledgerAccounts.campaignRewards(reward.campaignId), amountMinor: -reward.amountMinor },
    ],
  });
}
