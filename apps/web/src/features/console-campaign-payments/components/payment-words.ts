import {
  formatDateTime,
  formatMoney,
  type PaymentStatus,
  type PermissionAction,
  type StaffPayment,
} from '@platform/shared';

export const STATUS_VIEW: Readonly<Record<PaymentStatus, { label: string; color: string }>> = {
  PENDING: { label: 'Waiting for approval', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  PAID: { label: 'Paid', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'red' },
  FAILED: { label: 'Payout failed', color: 'red' },
};

export const FILTERS: { value: PaymentStatus | 'ALL'; label: string }[] = [
  { value: 'PENDING', label: 'To approve' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'PAID', label: 'Paid' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'ALL', label: 'All' },
];

export const DECISIONS: Readonly<
  Record<'approve' | 'reject' | 'withdraw', { label: string; grant: PermissionAction }>
> = {
  approve: { label: 'Approve', grant: 'APPROVE' },
  reject: { label: 'Reject', grant: 'REJECT' },
  withdraw: { label: 'Withdraw', grant: 'REJECT' },
};

/** Enough of an entry's id to tell it from the others of a campaign. */
export const shortId = (id: string) => id.slice(0, 8);

/** Who is paid, by name, else by handle. */
export const payeeOf = ({ creator }: StaffPayment) =>
  creator.name ?? (creator.handle ? `@${creator.handle}` : 'a creator');

/** The payment in a few words, for buttons, dialogs and toasts: '£10.00 to Casey Creator for entry 7c1d2e3f'. */
export const paymentLabel = (payment: StaffPayment) =>
  `${formatMoney(payment.amountMinor, payment.currency)} to ${payeeOf(payment)} for entry ${shortId(payment.entryId)}`;

/** A day alone, as the long format writes its date: '27 Nov, 2026'. */
export const dayText = (day: string) => formatDateTime(`${day}T00:00`, 'long').split(' @ ')[0] ?? day;

export const countOf = (count: number) => (count === 1 ? '1 payment' : `${count} payments`);

/** The success toast after approving several payments, `approved` of them approved. */
export const approvedText = (approved: number) =>
  approved === 1
    ? '1 payment is approved; its invoice is issued.'
    : `${approved} payments are approved; their invoices are issued.`;
