import { randomUUID } from 'node:crypto';
import { formatMoney, rewardPurpose } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { ClawbackCause } from '../../../db/schema/index';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';
import { clawbacksRepository, type ClawbackRow } from '../clawbacks.repository';
import { formatInvoiceNumber, type InvoiceDocument } from '../invoice-document';
import { issueCreditNote } from '../invoices';
import { ledgerAccounts, post } from '../ledger';
import type { PaymentsContext } from '../payments.context';
import type { PaymentRow, RewardRow } from '../payments.repository';

/** Money to take back from a paid payment, and why. */
export type ClawbackClaim = {
  reward: RewardRow;
  /** Locked with its reward until the transaction ends. */
  payment: PaymentRow;
  cause: ClawbackCause;
  /** Why, as a sentence the creator reads. */
  reason: string;
  /** The part of the reward taken back, in minor units: all of it, or the share that rested on views. */
  rewardMinor: number;
};

/**
 * The reward's share that rested on views found not to be real: the reward times the views excluded over
 * the figure before they were, rounded down to the minor unit (never more than the reward). A share of
 * nothing when the figure is unknown.
 */
export function shareOnExcludedViews(
  rewardMinor: number,
  excludedViews: number,
  figureBefore: number,
): number {
  if (figureBefore <= 0 || excludedViews <= 0) return 0;
  const excluded = Math.min(excludedViews, figureBefore);
  return Number((BigInt(rewardMinor) * BigInt(excluded)) / BigInt(figureBefore));
}

/** The line a credit note for part of an invoice prints. */
const partLine = (reward: RewardRow, cause: ClawbackCause) =>
  `${rewardPurpose(reward)}: the part ${cause === 'VIEWS_EXCLUDED' ? 'that rested on views excluded' : 'taken back'}`;

/**
 * Takes money back from a PAID payment once (ADR 037), in `tx`: a credit note in the credit-note series for
 * the part of its invoice taken back (with the VAT or GST on it), the reward's part booked from what the
 * creator is owed back to the campaign's budget, the clawback kept to be recovered from the creator's next
 * payouts, audited, and the creator told. Nothing when the payment is not PAID, was clawed back already, or
 * the part is nothing. Answers the clawback made.
 */
export async function clawBack(
  context: PaymentsContext,
  tx: Executor,
  claim: ClawbackClaim,
): Promise<ClawbackRow | null> {
  const { payment, reward, cause, reason } = claim;
  const part = Math.min(claim.rewardMinor, payment.amountMinor);
  if (payment.status !== 'PAID' || part <= 0) return null;
  if (await clawbacksRepository.ofPayment(tx, payment.id)) return null;
  const invoice = (await context.repository.invoicesOf(tx, [payment.id])).get(payment.id);
  if (!invoice) return null;
  const creditNote = await issueCreditNote(
    context,
    tx,
    payment,
    invoice,
    `Taken back: ${reason}`,
    part < payment.amountMinor ? { netMinor: part, description: partLine(reward, cause) } : undefined,
  );
  const { netMinor, taxMinor } = creditNote.document.amounts;
  await post(context, tx, {
    kind: 'payment.clawback',
    currency: payment.currency,
    rewardId: reward.id,
    paymentId: payment.id,
    lines: [
      { account: ledgerAccounts.creatorPayable(payment.creatorId), amountMinor: netMinor },
      { account: ledgerAccounts.campaignRewards(payment.campaignId), amountMinor: -netMinor },
    ],
  });
  const clawback: ClawbackRow = {
    id: randomUUID(),
    paymentId: payment.id,
    campaignId: payment.campaignId,
    entryId: reward.entryId,
    creatorId: payment.creatorId,
    currency: payment.currency,
    rewardMinor: netMinor,
    taxMinor,
    cause,
    reason,
    creditNoteId: creditNote.id,
    recoveredMinor: 0,
    createdAt: context.clock.now(),
  };
  await clawbacksRepository.insert(tx, clawback);
  await tellOfClawback(context, tx, clawback, creditNote.document);
  return clawback;
}

/** The clawback audited and told to the creator, with the amount and the reason. */
async function tellOfClawback(
  context: PaymentsContext,
  tx: Executor,
  clawback: ClawbackRow,
  creditNote: InvoiceDocument,
) {
  const amount = formatMoney(clawback.rewardMinor + clawback.taxMinor, clawback.currency);
  await context.audit.record(tx, {
    actor: SCHEDULER_ACTOR,
    action: 'payment.clawback',
    target: { type: 'payment', id: clawback.paymentId, label: creditNote.campaignName },
    before: { status: 'PAID' },
    after: {
      cause: clawback.cause,
      reason: clawback.reason,
      rewardMinor: clawback.rewardMinor,
      taxMinor: clawback.taxMinor,
      creditNote: formatInvoiceNumber(creditNote.number),
    },
  });
  await context.notifications.notify(tx, {
    accountId: clawback.creatorId,
    event: 'PAYMENT_CLAWED_BACK',
    campaignId: clawback.campaignId,
    campaignName: creditNote.campaignName,
    amount,
    subject: clawback.reason,
    link: '/payments',
  });
}
