import { formatMoney, type Payment } from '@platform/shared';

/** A sentence's words to follow a dash: its first letter small and its full stop dropped. */
const asClause = (sentence: string) => {
  const trimmed = sentence.trim().replace(/\.$/, '');
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
};

/**
 * What was taken back of a paid payment, in plain words: 'Taken back: £12.50 — the post was taken down or
 * made private within 30 days of payment (credit note SBCN-2026-000003)'; null when nothing was.
 */
export function clawbackText(payment: Pick<Payment, 'clawback' | 'currency'>): string | null {
  const { clawback } = payment;
  if (!clawback) return null;
  const creditNote = clawback.creditNoteNumber ? ` (credit note ${clawback.creditNoteNumber})` : '';
  return `Taken back: ${formatMoney(clawback.amountMinor, payment.currency)} — ${asClause(clawback.reason)}${creditNote}`;
}

/** How much of what was taken back is still to be kept back from later payments; null once none is. */
export function stillOwedText(payment: Pick<Payment, 'clawback' | 'currency'>): string | null {
  const { clawback } = payment;
  if (!clawback) return null;
  const owed = clawback.amountMinor - clawback.recoveredMinor;
  return owed > 0
    ? `${formatMoney(owed, payment.currency)} of it will be kept back from your next payments.`
    : 'All of it has been kept back from later payments.';
}

/** What a payment's payout kept back: '£5.00 kept back for money taken back earlier'; null when nothing. */
export function keptBackText(payment: Pick<Payment, 'keptBackMinor' | 'currency'>): string | null {
  const kept = payment.keptBackMinor ?? 0;
  return kept > 0 ? `${formatMoney(kept, payment.currency)} kept back for money taken back earlier` : null;
}
