import { PAYMENT_MESSAGES } from '@platform/shared';
import { errors } from '../../errors';
import type { PaymentsContext } from './payments.context';
import type { PaymentRow } from './payments.repository';

/** The entry each payment rewards, by payment id. */
export async function entriesOfPayments(
  context: PaymentsContext,
  rows: readonly Pick<PaymentRow, 'id' | 'rewardId'>[],
): Promise<Map<string, string>> {
  const rewards = await context.repository.rewardsById(
    context.db,
    rows.map((row) => row.rewardId),
  );
  return new Map(
    rows.flatMap((row) => {
      const entryId = rewards.get(row.rewardId)?.entryId;
      return entryId ? [[row.id, entryId] as const] : [];
    }),
  );
}

/**
 * A payment whose entry's earnings are held while its views are checked can be neither approved nor paid
 * until the check is decided (ADR 037): a 409 saying so.
 */
export async function refuseWhileHeld(
  context: PaymentsContext,
  payment: Pick<PaymentRow, 'id' | 'rewardId'>,
): Promise<void> {
  const entryId = (await entriesOfPayments(context, [payment])).get(payment.id);
  if (entryId && (await context.viewValidation.heldAmong([entryId])).has(entryId)) {
    throw errors.conflict(PAYMENT_MESSAGES.entryHeld);
  }
}
