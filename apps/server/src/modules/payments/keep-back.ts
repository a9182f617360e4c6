import type { Executor } from '../../db/client';
import { clawbacksRepository } from './clawbacks.repository';
import type { PaymentRow } from './payments.repository';

/**
 * What a newly approved payment's payout keeps back of `grossMinor` to recover money taken back from the
 * creator earlier in the same currency (ADR 037): their clawbacks not yet recovered, oldest first, each
 * raised by what it recovers, in the approving transaction. Never more than the gross.
 */
export async function keepBackFor(tx: Executor, payment: PaymentRow, grossMinor: number): Promise<number> {
  let kept = 0;
  for (const clawback of await clawbacksRepository.lockOutstanding(tx, payment.creatorId, payment.currency)) {
    const owed = clawback.rewardMinor + clawback.taxMinor - clawback.recoveredMinor;
    const taken = Math.min(owed, grossMinor - kept);
    if (taken <= 0) break;
    await clawbacksRepository.setRecovered(tx, clawback.id, clawback.recoveredMinor + taken);
    kept += taken;
  }
  return kept;
}

/**
 * A payout that kept money back is not going to be paid after all (its payment withdrawn): what it kept
 * back is owed again, taken off the clawbacks' recovered amounts newest first, so that the next payout
 * keeps it back instead.
 */
export async function restoreKeptBack(
  tx: Executor,
  payment: Pick<PaymentRow, 'creatorId' | 'currency'>,
  keptBackMinor: number,
): Promise<void> {
  let left = keptBackMinor;
  for (const clawback of await clawbacksRepository.lockRecovered(tx, payment.creatorId, payment.currency)) {
    if (left <= 0) break;
    const undone = Math.min(left, clawback.recoveredMinor);
    await clawbacksRepository.setRecovered(tx, clawback.id, clawback.recoveredMinor - undone);
    left -= undone;
  }
}
