import type { PaymentStatus } from '@platform/shared';

/** Each status in a creator's words, and its badge's colour. */
export const PAYMENT_STATUS_VIEW: Readonly<Record<PaymentStatus, { label: string; color: string }>> = {
  PENDING: { label: 'Waiting for approval', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  PAID: { label: 'Paid', color: 'green' },
  REJECTED: { label: 'Not approved', color: 'red' },
  FAILED: { label: 'Payout failed', color: 'red' },
};
