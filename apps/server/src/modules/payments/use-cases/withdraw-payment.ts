import { formatMoney, isUuid, nextPaymentStatus, PAYMENT_MESSAGES, type Payment } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { formatInvoiceNumber } from '../invoice-document';
import { issueCreditNote } from '../invoices';
import { giveBack } from '../ledger';
import { toPayment } from '../payment-views';
import type { PaymentsContext } from '../payments.context';

/**
 * Staff give up on a payment whose payout failed: it is REJECTED with their reason, a credit note
 * cancels its invoice (an issued invoice never changes, ADR 022), and the reward, with any VAT or GST
 * its invoice added, goes back out of what the creator is owed: the money returns to the campaign.
 */
export async function withdrawPayment(
  context: PaymentsContext,
  caller: StaffCaller,
  id: string,
  reason: string,
): Promise<Payment> {
  const { db, repository, clock } = context;
  const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
  if (!found) throw errors.notFound();
  const campaign = await context.campaignsService.staffCampaignFacts(caller, found.campaignId);
  const withdrawn = await db.transaction(async (tx) => {
    const reward = await repository.lockReward(tx, found.rewardId);
    const payment = await repository.lockPayment(tx, id);
    if (!payment || !reward) throw errors.notFound();
    const to = nextPaymentStatus(payment.status, 'withdraw');
    if (!to) throw errors.conflict(PAYMENT_MESSAGES.onlyFailedWithdrawn);
    const invoice = (await repository.invoicesOf(tx, [payment.id])).get(payment.id);
    if (!invoice) throw errors.conflict(PAYMENT_MESSAGES.onlyFailedWithdrawn);
    const now = clock.now();
    const moved = await repository.updatePayment(tx, id, {
      status: to,
      decidedAt: now,
      decidedBy: caller.accountId,
      rejectionReason: reason,
      updatedAt: now,
    });
    await repository.updatePayout(tx, id, { nextAttemptAt: null });
    const creditNote = await issueCreditNote(context, tx, payment, invoice, reason);
    await giveBack(context, tx, reward, payment, 'payment.withdrawn');
    await context.audit.record(tx, {
      actor: caller,
      action: 'payment.withdraw',
      target: { type: 'payment', id, label: campaign.name },
      before: { status: payment.status },
      after: { status: to, reason, creditNote: formatInvoiceNumber(creditNote.number) },
    });
    await context.notifications.notify(tx, {
      accountId: payment.creatorId,
      event: 'PAYMENT_REJECTED',
      campaignId: payment.campaignId,
      campaignName: campaign.name,
      amount: formatMoney(payment.amountMinor, payment.currency),
      rejection: { reason: null, note: reason },
    });
    return moved;
  });
  return toPayment(context, withdrawn);
}
