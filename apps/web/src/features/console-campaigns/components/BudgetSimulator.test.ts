import { describe, expect, it } from 'vitest';
import { checkPayout } from './BudgetSimulator';

const dates = { startsAt: '2030-06-01T09:00:00.000Z', endsAt: '2030-06-29T09:00:00.000Z' };

describe('checkPayout', () => {
  it('waits for a complete reward before working anything out', () => {
    expect(
      checkPayout({
        reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: Number.NaN, slots: 10 },
        currency: 'GBP',
        budget: 1000,
        ...dates,
      }),
    ).toEqual({
      explanation: null,
      verdict: null,
      message: 'Enter the reward to see the most this campaign can pay.',
    });
    expect(
      checkPayout({
        reward: { type: 'SPRINT', periodDays: 7, prizes: [100] },
        currency: 'GBP',
        budget: 1000,
        startsAt: null,
        endsAt: null,
      }).message,
    ).toBe('Enter the prizes, the period and the dates to see the most this campaign can pay.');
  });

  it('says whether the budget covers the most the rewards can pay, to the penny', () => {
    const reward = { type: 'TOP_PRIZES' as const, prizes: [30_000, 20_000] };
    expect(checkPayout({ reward, currency: 'EUR', budget: 50_000, ...dates })).toEqual({
      explanation: '€300.00 + €200.00 = €500.00 to the top 2',
      verdict: 'fits',
      message: 'Fits the budget of €500.00 exactly.',
    });
    expect(checkPayout({ reward, currency: 'EUR', budget: 49_999, ...dates })).toMatchObject({
      verdict: 'exceeds',
      message: 'More than the budget of €499.99 by €0.01. Raise the budget or lower the rewards.',
    });
    expect(checkPayout({ reward, currency: 'EUR', budget: Number.NaN, ...dates })).toMatchObject({
      verdict: null,
      message: 'Enter a budget to see whether it fits.',
    });
  });
});
