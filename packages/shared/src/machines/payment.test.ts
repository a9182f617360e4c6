import { describe, expect, it } from 'vitest';
import { nextPaymentStatus, PAYMENT_EVENTS } from './payment';

describe('the payment state machine (DESIGN §7)', () => {
  it('approves or rejects a pending payment, and withdraws one whose reward went', () => {
    expect(nextPaymentStatus('PENDING', 'approve')).toBe('APPROVED');
    expect(nextPaymentStatus('PENDING', 'reject')).toBe('REJECTED');
    expect(nextPaymentStatus('PENDING', 'cancel')).toBe('REJECTED');
    expect(nextPaymentStatus('PENDING', 'paid')).toBeNull();
  });

  it('settles only an approved payment, as paid or failed', () => {
    expect(nextPaymentStatus('APPROVED', 'paid')).toBe('PAID');
    expect(nextPaymentStatus('APPROVED', 'fail')).toBe('FAILED');
    expect(nextPaymentStatus('APPROVED', 'reject')).toBeNull();
    expect(nextPaymentStatus('APPROVED', 'cancel')).toBeNull();
  });

  it('lets staff withdraw a failed payment, and nothing else', () => {
    expect(nextPaymentStatus('FAILED', 'withdraw')).toBe('REJECTED');
    for (const event of PAYMENT_EVENTS.filter((event) => event !== 'withdraw'))
      expect(nextPaymentStatus('FAILED', event), event).toBeNull();
    expect(nextPaymentStatus('APPROVED', 'withdraw')).toBeNull();
    expect(nextPaymentStatus('PAID', 'withdraw')).toBeNull();
  });

  it('moves a paid or rejected payment no more', () => {
    for (const status of ['REJECTED', 'PAID'] as const) {
      for (const event of PAYMENT_EVENTS)
        expect(nextPaymentStatus(status, event), `${status} ${event}`).toBeNull();
    }
  });
});
