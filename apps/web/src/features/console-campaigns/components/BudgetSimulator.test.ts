import { describe, expect, it } from 'vitest';
import { checkPayout, checkPayPerView } from './BudgetSimulator';

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

describe('checkPayPerView', () => {
  // £4.00 per 1,000 views, from 10,000 views, up to £200.00 an entry and £500.00 a creator.
  const reward = {
    type: 'PAY_PER_VIEW' as const,
    ratePerThousand: 400,
    minimumViews: 10_000,
    capPerEntry: 20_000,
    capPerCreator: 50_000,
  };

  it('says what a budget buys: views, views to an entry’s cap, creators and entries at their caps', () => {
    expect(checkPayPerView({ reward, currency: 'GBP', budget: 1_000_000 })).toEqual({
      figures: [
        'The budget of £10,000.00 buys 2,500,000 validated views at £4.00 per 1,000.',
        'An entry reaches its cap of £200.00 at 50,000 views.',
        'It pays 20 creators at their cap of £500.00, or 50 entries at theirs.',
      ],
      verdict: 'fits',
      message: 'Entries are paid in the order their views are validated, until the budget is spent.',
    });
  });

  it('never puts an entry’s cap below the minimum views, and rounds views up to reach the cap', () => {
    const check = checkPayPerView({
      reward: { ...reward, ratePerThousand: 300, capPerEntry: 1000, minimumViews: 5000 },
      currency: 'GBP',
      budget: 1_000_000,
    });
    // £10.00 at £3.00 per 1,000 is 3,333.3 views: under the minimum of 5,000, which it takes instead.
    expect(check.figures[1]).toBe('An entry reaches its cap of £10.00 at 5,000 views.');
    expect(check.figures[0]).toBe(
      'The budget of £10,000.00 buys 3,333,333 validated views at £3.00 per 1,000.',
    );
    expect(
      checkPayPerView({
        reward: { ...reward, ratePerThousand: 300, capPerEntry: 1000, minimumViews: 0 },
        currency: 'GBP',
        budget: 1_000_000,
      }).figures[1],
    ).toBe('An entry reaches its cap of £10.00 at 3,334 views.');
  });

  it('waits for the rate, the caps and the budget', () => {
    expect(
      checkPayPerView({ reward: { ...reward, capPerCreator: Number.NaN }, currency: 'GBP', budget: 1000 }),
    ).toEqual({
      figures: [],
      verdict: null,
      message: 'Enter the rate and the caps to see what the budget buys.',
    });
    expect(checkPayPerView({ reward, currency: 'GBP', budget: Number.NaN })).toMatchObject({
      figures: [],
      message: 'Enter a budget to see what it buys.',
    });
  });

  it('warns when a cap is above what should hold it', () => {
    expect(
      checkPayPerView({ reward: { ...reward, capPerEntry: 60_000 }, currency: 'GBP', budget: 1_000_000 }),
    ).toMatchObject({
      verdict: 'exceeds',
      message: 'An entry’s cap is above a creator’s: lower it to the creator’s cap or less.',
    });
    const overBudget = checkPayPerView({ reward, currency: 'GBP', budget: 40_000 });
    expect(overBudget).toMatchObject({
      verdict: 'exceeds',
      message: 'A creator’s cap is above the budget: lower it or raise the budget.',
    });
    expect(overBudget.figures[2]).toBe('It pays 0 creators at their cap of £500.00, or 2 entries at theirs.');
  });
});
