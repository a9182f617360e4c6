import { describe, expect, it } from 'vitest';
import { paymentPurpose } from './payment-labels';

describe('paymentPurpose', () => {
  it('names what each reward rule paid for', () => {
    expect(paymentPurpose({ rule: 'SLOT', rank: null, period: null })).toBe('Entry reward');
    expect(paymentPurpose({ rule: 'PRIZE', rank: 2, period: null })).toBe('Prize for place 2');
    expect(paymentPurpose({ rule: 'SPRINT_PRIZE', rank: 1, period: 3 })).toBe(
      'Prize for place 1 in period 3',
    );
  });

  it('still reads as a prize when the place or period is unknown', () => {
    expect(paymentPurpose({ rule: 'PRIZE', rank: null, period: null })).toBe('Prize');
    expect(paymentPurpose({ rule: 'SPRINT_PRIZE', rank: 4, period: null })).toBe('Prize for place 4');
  });
});
