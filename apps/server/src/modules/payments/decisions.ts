import { formatMoney, isUuid, nextPaymentStatus, type Payment, type PaymentEvent } from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import type { StaffCaller } from '../../principal';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import { refuseWhileHeld } from './held-entries';
import { issueInvoice } from './invoices';
import { keepBackFor } from './keep-back';
import { giveBack } from './ledger';
import { toPayment } from './payment-views';
import type { PaymentsContext } from './payments.context';
import type { PaymentRow, RewardRow } from './payments.repository';
import { KEPT_BACK_REFERENCE, settlePaid } from './payouts';

export type Decision = { event: 'approve' | 'reject'; reason?: string };

/**
 * An approved payment is invoiced and scheduled to be paid out for the invoice's gross amount, less what
 * it keeps back to recover money taken back from the creator earlier (ADR 037). A payout that keeps
 * everything back sends nothing: it is recorded paid at once.
 */
async function invoiceAndSchedule(
  context: PaymentsContext,
  tx: Executor,
  approved: { payment: PaymentRow; reward: RewardRow; campaign: CampaignFacts; caller: StaffCaller },
) {
  const { payment, campaign } = approved;
  const invoice = await issueInvoice(context, tx, payment, approved.reward, campaign.name);
  const gross = invoice.amounts.grossMinor;
  const keptBack = await keepBackFor(tx, payment, gross);
  const amountMinor = gross - keptBack;
  await context.repository.insertPayout(tx, {
    paymentId: payment.id,
    amountMinor,
    keptBackMinor: keptBack,
    nextAttemptAt: context.clock.now(),
    attempts: 0,
    reference: null,
    note: null,
    sentAt: null,
    paidOn: null,
    paidMethod: null,
    paidTo: null,
    exportedAt: null,
    exportedDetails: null,
    exportedMasked: null,
    createdAt: context.clock.now(),
  });
  if (amountMinor === 0) {
    await settlePaid(context, tx, {
      payment,
      amountMinor,
      reference: KEPT_BACK_REFERENCE,
      actor: approved.caller,
      retentionDays: campaign.validation.retentionDays,
    });
  }
}

/** Approve or reject one payment of a campaign in the caller's scope. */
export async function decidePayment(
  context: PaymentsContext,
  caller: StaffCaller,
  id: string,
  { event, reason }: Decision,
): Promise<Payment> {
  const { db, repository, clock } = context;
  const found = isUuid(id) ? await repository.findPayment(db, id) : undefined;
  if (!found) throw errors.notFound();
  const campaign = await context.campaignsService.staffCampaignFacts(caller, found.campaignId);
  if (event === 'approve') await refuseWhileHeld(context, found);
  const decided = await db.transaction(async (tx) => {
    // Reward, then payment: the order an archived entry's release locks them in, so the two never wait on
    // each other.
    const reward = await repository.lockReward(tx, found.rewardId);
    const payment = await repository.lockPayment(tx, id);
    if (!payment || !reward) throw errors.notFound();
    const to = nextPaymentStatus(payment.status, event satisfies PaymentEvent);
    if (!to) {
      throw errors.conflict(
        `This payment is ${payment.status.toLowerCase()}: it cannot be ${event === 'approve' ? 'approved' : 'rejected'} now.`,
      );
    }
    const now = clock.now();
    const moved = await repository.updatePayment(tx, id, {
      status: to,
      decidedAt: now,
      decidedBy: caller.accountId,
      rejectionReason: event === 'reject' ? (reason ?? null) : null,
      updatedAt: now,
    });
    if (event === 'reject') await giveBack(context, tx, reward, payment, 'payment.rejected');
    if (event === 'approve') {
      await invoiceAndSchedule(context, tx, { payment: moved, reward, campaign, caller });
    }
    await context.audit.record(tx, {
      actor: caller,
      action: `payment.${event}`,
      target: { type: 'payment', id, label: campaign.name },
      before: { status: payment.status },
      after: { status: to, amountMinor: payment.amountMinor, ...(reason ? { reason } : {}) },
    });
    await context.notifications.notify(tx, {
      accountId: payment.creatorId,
      event: event === 'approve' ? 'PAYMENT_APPROVED' : 'PAYMENT_REJECTED',
      campaignId: payment.campaignId,
      campaignName: campaign.name,
      amount: formatMoney(payment.amountMinor, payment.currency),
      rejection: event === 'reject' && reason ? { reason: null, note: reason } : null,
    });
    return repository.findPayment(tx, id);
  });
  return toPayment(context, decided);
}
