import type { Payment } from '@platform/shared';
import { toPayments } from '../payment-views';
import type { PaymentsContext } from '../payments.context';

/** A creator's payments, newest first, for the console's creator page (whose route checks the scope). */
export async function paymentsOfCreator(context: PaymentsContext, creatorId: string): Promise<Payment[]> {
  return toPayments(context, await context.repository.ofCreator(context.db, creatorId, {}));
}
