import { describe, expect, it } from 'vitest';
import { maxPayout, payPerViewEarning, payPerViewReach, sprintPeriods } from './rewards';

describe('the most a reward can pay (DESIGN §8)', () => {
  it('is slots × amount for first come, first served', () => {
    expect(maxPayout({ type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5000, slots: 100 }, 'GBP')).toEqual({
      total: 500000,
      explanation: '100 slots × £50.00 = £5,000.00',
    });
  });

  it('is the sum of the prize table for top prizes', () => {
    expect(maxPayout({ type: 'TOP_PRIZES', prizes: [100000, 50000, 25000] }, 'EUR')).toEqual({
      total: 175000,
      explanation: '€1,000.00 + €500.00 + €250.00 = €1,750.00 to the top 3',
    });
    expect(maxPayout({ type: 'TOP_PRIZES', prizes: [100000] }, 'EUR')?.explanation).toBe(
      '€1,000.00 = €1,000.00 to the winner',
    );
  });

  it('is the prize table times the number of periods for a sprint, the last period counting even when short', () => {
    const reward = { type: 'SPRINT', periodDays: 7, prizes: [20000, 10000] } as const;
    expect(maxPayout(reward, 'AUD', '2026-12-01T00:00:00Z', '2026-12-29T00:00:00Z')).toEqual({
      total: 120000,
      explanation: '4 periods × A$300.00 (A$200.00 + A$100.00) = A$1,200.00',
    });
    expect(maxPayout(reward, 'AUD', '2026-12-01T00:00:00Z', '2026-12-29T00:00:01Z')?.total).toBe(150000);
  });

  it('cannot be told while the configuration or a sprint’s dates are incomplete', () => {
    expect(maxPayout({ type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 0, slots: 10 }, 'GBP')).toBeNull();
    expect(maxPayout({ type: 'TOP_PRIZES', prizes: [] }, 'GBP')).toBeNull();
    expect(maxPayout({ type: 'SPRINT', periodDays: 7, prizes: [100] }, 'GBP')).toBeNull();
    expect(
      maxPayout(
        { type: 'SPRINT', periodDays: 7, prizes: [100] },
        'GBP',
        '2026-12-02T00:00:00Z',
        '2026-12-01T00:00:00Z',
      ),
    ).toBeNull();
  });
});

describe('sprint periods', () => {
  it('cuts the campaign from its start, the last period ending with the campaign', () => {
    const periods = sprintPeriods('2026-12-01T09:00:00Z', '2026-12-16T09:00:00Z', 7);
    expect(periods.map(({ startsAt, endsAt }) => [startsAt.toISOString(), endsAt.toISOString()])).toEqual([
      ['2026-12-01T09:00:00.000Z', '2026-12-08T09:00:00.000Z'],
      ['2026-12-08T09:00:00.000Z', '2026-12-15T09:00:00.000Z'],
      ['2026-12-15T09:00:00.000Z', '2026-12-16T09:00:00.000Z'],
    ]);
  });
});

describe('pay per view (ADR 038)', () => {
  const reward = {
    type: 'PAY_PER_VIEW',
    ratePerThousand: 300,
    minimumViews: 5000,
    capPerEntry: 10_000,
    capPerCreator: 25_000,
  } as const;

  it('pays nothing under the minimum, and from it the rate for every 1,000 views, rounded down', () => {
    expect(payPerViewEarning(reward, 4999)).toBe(0);
    expect(payPerViewEarning(reward, 5000)).toBe(1500);
    expect(payPerViewEarning(reward, 12_345)).toBe(3703);
    expect(payPerViewEarning(reward, 0)).toBe(0);
  });

  it('never pays an entry more than its cap, however many views, without losing precision', () => {
    expect(payPerViewEarning(reward, 33_333)).toBe(9999);
    expect(payPerViewEarning(reward, 33_334)).toBe(10_000);
    expect(payPerViewEarning(reward, 9_000_000_000_000)).toBe(10_000);
    expect(payPerViewEarning({ ...reward, capPerEntry: 10_000_000_000 }, 9_999_999_999)).toBe(2_999_999_999);
  });

  it('says what a budget buys: views, views to an entry’s cap, creators and entries at the cap', () => {
    expect(payPerViewReach(reward, 100_000)).toEqual({
      viewsBudgetBuys: 333_333,
      viewsToEntryCap: 33_334,
      creatorsAtCap: 4,
      entriesAtCap: 10,
    });
    expect(payPerViewReach({ ...reward, capPerEntry: 600 }, 100_000)?.viewsToEntryCap, 'the minimum').toBe(
      5000,
    );
    expect(payPerViewReach({ ...reward, ratePerThousand: 0 }, 100_000)).toBeNull();
    expect(payPerViewReach(reward, 0)).toBeNull();
  });

  it('has no ceiling of its own to compare with the budget', () => {
    expect(maxPayout(reward, 'GBP')).toBeNull();
  });
});
