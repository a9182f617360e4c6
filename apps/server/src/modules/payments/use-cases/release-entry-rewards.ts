import { nextPaymentStatus, PAYMENT_MESSAGES } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { giveBack } from '../ledger';
import type { PaymentsContext } from '../payments.context';

/**
 * In the transaction that archives an entry: a slot or prize whose payment nobody approved yet is given
 * back, and the payment withdrawn with the reason. An approved payment stays the creator's.
 */
export async function releaseEntryRewards(
  context: PaymentsContext,
  tx: Executor,
  entry: { id: string },
): Promise<void> {
  const { repository, clock } = context;
  for (const reward of await repository.lockActiveRewardsOf(tx, entry.id)) {
    const payment = await repository.lockPaymentOfReward(tx, reward.id);
    if (!payment || nextPaymentStatus(payment.status, 'cancel') === null) continue;
    const now = clock.now();
    await repository.updatePayment(tx, payment.id, {
      status: 'REJECTED',
      rejectionReason: PAYMENT_MESSAGES.released,
      decidedAt: now,
      updatedAt: now,
    });
    await giveBack(context, tx, reward, payment, 'reward.released');
  }
}
