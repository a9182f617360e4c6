/** A payment's status (DESIGN §7). */
export const PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAID', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What moves a payment: staff approve or reject it (PAYMENT_APPROVED, PAYMENT_REJECTED); the payout
 * settles an approved one as paid or failed; `cancel` withdraws one still pending whose reward went (its
 * entry archived before anyone approved the payment); `withdraw` is staff giving up on a failed one, whose
 * invoice a credit note then cancels.
 */
export const PAYMENT_EVENTS = ['approve', 'reject', 'cancel', 'paid', 'fail', 'withdraw'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/**
 * The payment state machine (DESIGN §7): PENDING -> APPROVED | REJECTED; APPROVED -> PAID | FAILED; and
 * FAILED -> REJECTED when staff withdraw it (ADR 022). A cancelled payment is REJECTED, with the reason that
 * its reward was released. Anything missing is not allowed (the server answers 409).
 */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<PaymentStatus, Partial<Readonly<Record<PaymentEvent, PaymentStatus>>>>
> = {
  PENDING: { approve: 'APPROVED', reject: 'REJECTED', cancel: 'REJECTED' },
  APPROVED: { paid: 'PAID', fail: 'FAILED' },
  REJECTED: {},
  PAID: {},
  FAILED: { withdraw: 'REJECTED' },
};

export function nextPaymentStatus(status: PaymentStatus, event: PaymentEvent): PaymentStatus | null {
  return PAYMENT_TRANSITIONS[status][event] ?? null;
}
