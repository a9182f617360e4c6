import { ENTRY_REJECTION_LABELS, type EntryRejectionReason } from '@platform/shared';
import type { Executor } from '../../../db/client';
import type { HoldDecided } from '../../view-validation/view-validation.service';
import { clawbacksRepository } from '../clawbacks.repository';
import type { InvoiceDocument } from '../invoice-document';
import type { PaymentsContext } from '../payments.context';
import type { PaymentRow, RewardRow } from '../payments.repository';
import { settleFailed } from '../payouts';
import { clawBack, shareOnExcludedViews } from './claw-back';
import { withdrawLocked } from './withdraw-payment';
import { SCHEDULER_ACTOR } from '../../audit/audit.service';

const viewsText = (views: number) => (views === 1 ? '1 view' : `${views.toLocaleString('en-GB')} views`);

function rejectionReason(decided: HoldDecided): string {
  const label = ENTRY_REJECTION_LABELS[decided.reason as EntryRejectionReason] as string | undefined;
  return `The entry was rejected after a check of its views${label ? ` (${label.toLowerCase()})` : ''}.`;
}

/**
 * An approved payment not paid yet whose entry was rejected on a check of its views is not paid: its payout
 * is stopped (FAILED) and the payment withdrawn through staff's own withdrawal, a credit note cancelling its
 * invoice and the money going back to the campaign. A failed one is withdrawn the same way.
 */
async function withdrawUnpaid(
  context: PaymentsContext,
  tx: Executor,
  { reward, payment }: { reward: RewardRow; payment: PaymentRow },
  reason: string,
) {
  const invoice = (await context.repository.invoicesOf(tx, [payment.id])).get(payment.id);
  if (!invoice) return;
  await settleFailed(context, tx, payment, reason);
  const failed = await context.repository.lockPayment(tx, payment.id);
  if (failed?.status !== 'FAILED') return;
  await withdrawLocked(context, tx, {
    reward,
    payment: failed,
    invoice,
    reason,
    actor: SCHEDULER_ACTOR,
    decidedBy: null,
    campaignName: (invoice.document as InvoiceDocument).campaignName,
  });
}

/**
 * The views a prize was ranked by, when the board said, or a pay-per-view earning was reserved on (ADR
 * 038); a slot's fixed amount rested on none.
 */
function figureWonOn(reward: RewardRow): number | null {
  if (reward.rule === 'SLOT') return null;
  if (reward.basis?.kind === 'RANK' || reward.basis?.kind === 'VIEWS') return reward.basis.views;
  return null;
}

/**
 * In the transaction of a decision on a hold (ADR 037): an entry rejected takes back all that was paid on
 * it, and stops what was approved but not paid; views excluded take back the share of a paid prize that
 * rested on them (the prize times the views excluded over the figure it was ranked by), and of a paid
 * pay-per-view earning likewise, over the views it was reserved on. A fixed
 * FIRST_COME_FIRST_SERVE amount rested on no views, and accepted figures take nothing.
 */
export async function onHoldDecided(context: PaymentsContext, tx: Executor, decided: HoldDecided) {
  if (decided.outcome === 'ACCEPTED') return;
  const excluded = decided.excludedViews ?? 0;
  if (decided.outcome === 'EXCLUDED' && excluded <= 0) return;
  for (const held of await clawbacksRepository.lockPaymentsOfEntry(tx, decided.entryId)) {
    const { reward, payment } = held;
    if (decided.outcome === 'REJECTED') {
      const reason = rejectionReason(decided);
      if (payment.status === 'PAID') {
        await clawBack(context, tx, {
          ...held,
          cause: 'REJECTED_ON_HOLD',
          reason,
          rewardMinor: reward.amountMinor,
        });
      } else if (payment.status === 'APPROVED' || payment.status === 'FAILED') {
        await withdrawUnpaid(context, tx, held, reason);
      }
      continue;
    }
    const figure = figureWonOn(reward);
    if (payment.status !== 'PAID' || !figure) continue;
    const reason = `${Math.min(excluded, figure).toLocaleString('en-GB')} of the ${viewsText(figure)} ${reward.rule === 'VIEWS' ? 'the payment was earned on' : 'the prize was won on'} were found not to be real${decided.reason ? `: ${decided.reason}` : ''}.`;
    await clawBack(context, tx, {
      ...held,
      cause: 'VIEWS_EXCLUDED',
      reason: reason.replace(/([.!?…])\.$/, '$1'),
      rewardMinor: shareOnExcludedViews(reward.amountMinor, excluded, figure),
    });
  }
}
