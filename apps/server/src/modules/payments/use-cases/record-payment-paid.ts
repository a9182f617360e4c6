import { isUuid, PAYMENT_MESSAGES, type Payment } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { refuseWhileHeld } from '../held-entries';
import { toPayment } from '../payment-views';
import type { PaymentsContext } from '../payments.context';
import type { PaymentRow } from '../payments.repository';
import { paidOnBounds, settlePaid, type PaidByHand } from '../payouts';

/** The day staff say they paid on must be no earlier than the approval and no later than today anywhere. */
function checkPaidOn(context: PaymentsContext, payment: PaymentRow, paidOn: string) {
  if (payment.status !== 'APPROVED' || !payment.decidedAt) return;
  const { earliest, latest } = paidOnBounds(context.clock.now(), payment.decidedAt);
  if (paidOn > latest) {
    throw errors.validation([{ field: 'paidOn', message: PAYMENT_MESSAGES.paidOnInFuture }]);
  }
  if (paidOn < earliest) {
    throw errors.validation([{ field: 'paidOn', message: PAYMENT_MESSAGES.paidOnBeforeApproval }]);
  }
}

/**
 * Staff record an approved payment they paid outside the platform (the offline default has no
 * provider to send it): PAID, with their reference, the day and how, and where it went (masked).
 */
export async function recordPaymentPaid(
  context: PaymentsContext,
  caller: StaffCaller,
  id: string,
  byHand: PaidByHand,
): Promise<Payment> {
  const { db, repository } = context;
  const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
  if (!found) throw errors.notFound();
  const campaign = await context.campaignsService.staffCampaignFacts(caller, found.campaignId);
  await refuseWhileHeld(context, found);
  const paid = await db.transaction(async (tx) => {
    const payment = await repository.lockPayment(tx, id);
    const payout = await repository.lockPayout(tx, id);
    if (!payment || !payout) {
      throw errors.conflict('Only an approved payment can be recorded as paid.');
    }
    // With a provider, a payout still scheduled may be on its way: only the provider settles it.
    if (context.payouts.name !== 'offline' && payout.nextAttemptAt !== null) {
      throw errors.conflict(PAYMENT_MESSAGES.payoutInProgress);
    }
    checkPaidOn(context, payment, byHand.paidOn);
    await settlePaid(context, tx, {
      payment,
      amountMinor: payout.amountMinor,
      reference: byHand.reference,
      actor: caller,
      retentionDays: campaign.validation.retentionDays,
      byHand: {
        paidOn: byHand.paidOn,
        method: byHand.method,
        paidTo: await context.payoutDetails.destinationOf(tx, payment),
      },
    });
    return repository.findPayment(tx, id);
  });
  return toPayment(context, paid);
}
