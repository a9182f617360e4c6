import type { Payment, PaymentStatus } from '@platform/shared';

/** Each status in a creator's words, and its badge's colour. */
export const PAYMENT_STATUS_VIEW: Readonly<Record<PaymentStatus, { label: string; color: string }>> = {
  PENDING: { label: 'Waiting for approval', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  PAID: { label: 'Paid', color: 'green' },
  REJECTED: { label: 'Not approved', color: 'red' },
  FAILED: { label: 'Payout failed', color: 'red' },
};

/** What the payment rewards: 'Entry reward', 'Prize for place 2', 'Prize for place 1 in period 3'. */
export function paymentPurpose({ rule, rank, period }: Payment['reward']): string {
  if (rule === 'SLOT') return 'Entry reward';
  const place = rank === null ? 'Prize' : `Prize for place ${rank}`;
  return rule === 'SPRINT_PRIZE' && period !== null ? `${place} in period ${period}` : place;
}
