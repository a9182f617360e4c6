import { describe, expect, it } from 'vitest';
import { CLAWBACK_CAUSES, paymentSchema, rewardPurpose } from './payment';

describe('rewardPurpose', () => {
  it('names what each reward rule paid for', () => {
    expect(rewardPurpose({ rule: 'SLOT', rank: null, period: null })).toBe('Entry reward');
    expect(rewardPurpose({ rule: 'PRIZE', rank: 2, period: null })).toBe('Prize for place 2');
    expect(rewardPurpose({ rule: 'SPRINT_PRIZE', rank: 1, period: 3 })).toBe('Prize for place 1 in period 3');
  });

  it('still reads as a prize when the place or period is unknown', () => {
    expect(rewardPurpose({ rule: 'PRIZE', rank: null, period: null })).toBe('Prize');
    expect(rewardPurpose({ rule: 'SPRINT_PRIZE', rank: 4, period: null })).toBe('Prize for place 4');
  });
});

describe('paymentSchema', () => {
  const payment = {
    id: 'p1',
    campaignId: 'c1',
    campaignName: 'Summer Sound',
    creatorId: 'a1',
    entryId: 'e1',
    amountMinor: 1250,
    currency: 'GBP',
    status: 'PAID',
    reward: { rule: 'SLOT', rank: null, period: null, basis: null },
    rejectionReason: null,
    paidAt: '2030-06-10T09:00:00.000Z',
    paidOn: null,
    paidMethod: null,
    paidTo: null,
    failureReason: null,
    invoiceNumber: 'SB-2030-000123',
    creditNoteNumber: 'SBCN-2030-000003',
    createdAt: '2030-06-03T10:00:00.000Z',
    decidedAt: '2030-06-04T10:00:00.000Z',
  };
  const clawback = {
    amountMinor: 1500,
    rewardMinor: 1250,
    taxMinor: 250,
    cause: 'POST_GONE',
    reason: 'The post was taken down or made private within 30 days of payment.',
    recoveredMinor: 0,
    creditNoteNumber: 'SBCN-2030-000003',
    createdAt: '2030-06-20T09:00:00.000Z',
  };

  it('carries what was taken back of a payment and what its payout kept back', () => {
    const parsed = paymentSchema.parse({ ...payment, clawback, keptBackMinor: 500 });
    expect(parsed.clawback).toEqual(clawback);
    expect(parsed.keptBackMinor).toBe(500);
    expect(paymentSchema.parse({ ...payment, clawback: null, keptBackMinor: 0 }).clawback).toBeNull();
  });

  it('takes only the causes a clawback has', () => {
    expect(paymentSchema.safeParse({ ...payment, clawback: { ...clawback, cause: 'REFUND' } }).success).toBe(
      false,
    );
    expect(CLAWBACK_CAUSES).toEqual(['POST_GONE', 'REJECTED_ON_HOLD', 'VIEWS_EXCLUDED']);
  });
});
