import type { PaymentStatus } from '@platform/shared';
import type { PaymentsContext } from '../payments.context';

/** The sums of a campaign's payments by status, in minor units. */
export function paymentTotalsOf(
  context: PaymentsContext,
  campaignId: string,
): Promise<Map<PaymentStatus, number>> {
  return context.repository.totalsByStatusOf(context.db, campaignId);
}
