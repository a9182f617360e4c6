import { formatMoney, isUuid, nextPaymentStatus, PAYMENT_MESSAGES, type Payment } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { AuditService } from '../../audit/audit.service';
import { formatInvoiceNumber } from '../invoice-document';
import { issueCreditNote } from '../invoices';
import { restoreKeptBack } from '../keep-back';
import { giveBack } from '../ledger';
import { toPayment } from '../payment-views';
import type { PaymentsContext } from '../payments.context';
import type { InvoiceRow, PaymentRow, RewardRow } from '../payments.repository';

export type Withdrawal = {
  reward: RewardRow;
  /** FAILED, locked with its reward until the transaction ends. */
  payment: PaymentRow;
  invoice: InvoiceRow;
  reason: string;
  actor: Parameters<AuditService['record']>[1]['actor'];
  decidedBy: string | null;
  campaignName: string;
};

/**
 * In `tx`, a payment whose payout failed (or will not be made) is REJECTED with the reason, a credit note
 * cancels its invoice, and the reward, with any VAT or GST its invoice added, goes back out of what the
 * creator is owed: the money returns to the campaign. What its payout kept back is owed again.
 */
export async function withdrawLocked(
  context: PaymentsContext,
  tx: Executor,
  withdrawal: Withdrawal,
): Promise<PaymentRow> {
  const { repository, clock } = context;
  const { payment, reward, reason } = withdrawal;
  const to = nextPaymentStatus(payment.status, 'withdraw');
  if (!to) throw errors.conflict(PAYMENT_MESSAGES.onlyFailedWithdrawn);
  const now = clock.now();
  const moved = await repository.updatePayment(tx, payment.id, {
    status: to,
    decidedAt: now,
    decidedBy: withdrawal.decidedBy,
    rejectionReason: reason,
    updatedAt: now,
  });
  const payout = await repository.lockPayout(tx, payment.id);
  await repository.updatePayout(tx, payment.id, { nextAttemptAt: null });
  if (payout && payout.keptBackMinor > 0) await restoreKeptBack(tx, payment, payout.keptBackMinor);
  const creditNote = await issueCreditNote(context, tx, payment, withdrawal.invoice, reason);
  await giveBack(context, tx, reward, payment, 'payment.withdrawn');
  await context.audit.record(tx, {
    actor: withdrawal.actor,
    action: 'payment.withdraw',
    target: { type: 'payment', id: payment.id, label: withdrawal.campaignName },
    before: { status: payment.status },
    after: { status: to, reason, creditNote: formatInvoiceNumber(creditNote.document.number) },
  });
  await context.notifications.notify(tx, {
    accountId: payment.creatorId,
    event: 'PAYMENT_REJECTED',
    campaignId: payment.campaignId,
    campaignName: withdrawal.campaignName,
    amount: formatMoney(payment.amountMinor, payment.currency),
    rejection: { reason: null, note: reason },
  });
  return moved;
}

/**
 * Staff give up on a payment whose payout failed: it is withdrawn with their reason, its invoice
 * cancelled by a credit note (an issued invoice never changes, ADR 022).
 */
export async function withdrawPayment(
  context: PaymentsContext,
  caller: StaffCaller,
  id: string,
  reason: string,
): Promise<Payment> {
  const { db, repository } = context;
  const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
  if (!found) throw errors.notFound();
  const campaign = await context.campaignsService.staffCampaignFacts(caller, found.campaignId);
  const withdrawn = await db.transaction(async (tx) => {
    const reward = await repository.lockReward(tx, found.rewardId);
    const payment = await repository.lockPayment(tx, id);
    if (!payment || !reward) throw errors.notFound();
    const invoice = (await repository.invoicesOf(tx, [payment.id])).get(payment.id);
    if (!invoice) throw errors.conflict(PAYMENT_MESSAGES.onlyFailedWithdrawn);
    return withdrawLocked(context, tx, {
      reward,
      payment,
      invoice,
      reason,
      actor: caller,
      decidedBy: caller.accountId,
      campaignName: campaign.name,
    });
  });
  return toPayment(context, withdrawn);
}
