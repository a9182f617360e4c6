import type { Payment } from '@platform/shared';
import { errors } from '../../errors';
import { clawbacksRepository } from './clawbacks.repository';
import { invoiceNumberOf } from './invoices';
import type { PaymentsContext } from './payments.context';
import type { PaymentRow, PayoutRow, RewardRow } from './payments.repository';

/** What the payout said of a payment paid or failed; nothing for any other status. */
function payoutFacts(row: PaymentRow, payout: PayoutRow | undefined) {
  const paid = row.status === 'PAID';
  return {
    paidAt: paid ? (payout?.sentAt?.toISOString() ?? null) : null,
    paidOn: paid ? (payout?.paidOn ?? null) : null,
    paidMethod: paid ? (payout?.paidMethod ?? null) : null,
    paidTo: paid ? (payout?.paidTo ?? null) : null,
    failureReason: row.status === 'FAILED' ? (payout?.note ?? null) : null,
  };
}

type ClawbackFacts =
  Awaited<ReturnType<typeof clawbacksRepository.ofPayments>> extends Map<string, infer V> ? V : never;

/** What was taken back of a paid payment, as the creator reads it; null when nothing was. */
const clawbackFacts = (found: ClawbackFacts | undefined): Payment['clawback'] =>
  found
    ? {
        amountMinor: found.clawback.rewardMinor + found.clawback.taxMinor,
        rewardMinor: found.clawback.rewardMinor,
        taxMinor: found.clawback.taxMinor,
        cause: found.clawback.cause,
        reason: found.clawback.reason,
        recoveredMinor: found.clawback.recoveredMinor,
        creditNoteNumber: invoiceNumberOf(found.creditNote ?? undefined),
        createdAt: found.clawback.createdAt.toISOString(),
      }
    : null;

const rewardFacts = (reward: RewardRow | undefined): Payment['reward'] => ({
  rule: reward?.rule ?? 'SLOT',
  rank: reward?.rank ?? null,
  period: reward?.period ?? null,
  basis: reward?.basis ?? null,
});

/** Payments as the API shows them: with their reward, campaign, invoice, credit note and payout. */
export async function toPayments(context: PaymentsContext, rows: PaymentRow[]): Promise<Payment[]> {
  const { db, repository } = context;
  const rewardsById = await repository.rewardsById(
    db,
    rows.map((row) => row.rewardId),
  );
  const names = await context.campaignsService.campaignNames([...new Set(rows.map((row) => row.campaignId))]);
  const invoicesByPayment = await repository.invoicesOf(
    db,
    rows.map((row) => row.id),
  );
  // A withdrawn payment's credit note cancels its invoice; a paid one's takes back what was clawed back.
  const creditNotesByPayment = await repository.invoicesOf(
    db,
    rows.filter((row) => row.status === 'REJECTED' || row.status === 'PAID').map((row) => row.id),
    'CREDIT_NOTE',
  );
  const payoutsByPayment = await repository.payoutsOf(
    db,
    rows.map((row) => row.id),
  );
  const clawbacksByPayment = await clawbacksRepository.ofPayments(
    db,
    rows.filter((row) => row.status === 'PAID').map((row) => row.id),
  );
  return rows.map((row) => {
    const reward = rewardsById.get(row.rewardId);
    return {
      id: row.id,
      campaignId: row.campaignId,
      campaignName: names.get(row.campaignId) ?? '',
      creatorId: row.creatorId,
      entryId: reward?.entryId ?? '',
      amountMinor: row.amountMinor,
      currency: row.currency,
      status: row.status,
      reward: rewardFacts(reward),
      rejectionReason: row.rejectionReason,
      ...payoutFacts(row, payoutsByPayment.get(row.id)),
      invoiceNumber: invoiceNumberOf(invoicesByPayment.get(row.id)),
      creditNoteNumber: invoiceNumberOf(creditNotesByPayment.get(row.id)),
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      clawback: clawbackFacts(clawbacksByPayment.get(row.id)),
      keptBackMinor: payoutsByPayment.get(row.id)?.keptBackMinor ?? 0,
    };
  });
}

/** One payment as the API shows it, or a 404 when it is gone. */
export async function toPayment(context: PaymentsContext, row: PaymentRow | undefined): Promise<Payment> {
  const [shown] = await toPayments(context, row ? [row] : []);
  if (!shown) throw errors.notFound();
  return shown;
}
