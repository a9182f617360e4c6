import { describe, expect, it } from 'vitest';
import { fitTrend, project, runsOutAt } from './forecast';

const series = (values: number[]) => values.map((value, day) => ({ day: 20_000 + day, value }));

describe('fitTrend', () => {
  it('finds the exact rate of a steady series, with no error', () => {
    const trend = fitTrend(series([500, 600, 700, 800, 900, 1000, 1100]));
    expect(trend.perDay).toBeCloseTo(100, 10);
    expect(trend.slopeError).toBeCloseTo(0, 10);
    expect(trend.points).toBe(7);
  });

  it('fits an uneven series by least squares, with the slope’s standard error', () => {
    // By hand: mean day 2, mean value 24, Σ(x−x̄)² = 10, Σ(x−x̄)(y−ȳ) = 120, so 12 a day through (0, 0);
    // residuals 0, −2, 6, −6, 2 sum to 80 squared, so the error is √(80 / 3 / 10) = √(8/3).
    const trend = fitTrend(series([0, 10, 30, 30, 50]));
    expect(trend.perDay).toBeCloseTo(12, 10);
    expect(trend.slopeError).toBeCloseTo(Math.sqrt(8 / 3), 10);
  });

  it('passes through two points, which leave no error to measure', () => {
    const trend = fitTrend(series([40, 100]));
    expect(trend).toEqual({ perDay: 60, slopeError: 0, points: 2 });
  });

  it('sees a flat series as no growth', () => {
    expect(fitTrend(series([300, 300, 300])).perDay).toBe(0);
  });

  it('refuses fewer than two days, or one day twice', () => {
    expect(() => fitTrend(series([5]))).toThrow('at least two points');
    expect(() =>
      fitTrend([
        { day: 1, value: 1 },
        { day: 1, value: 2 },
      ]),
    ).toThrow('different days');
  });
});

describe('project', () => {
  it('carries the figure from where it stands at the trend’s rate, with two standard errors either side', () => {
    const trend = fitTrend(series([0, 10, 30, 30, 50]));
    const margin = 2 * Math.sqrt(8 / 3);
    expect(project(55, trend, 10)).toEqual({
      current: 55,
      perDay: trend.perDay,
      projected: 175,
      low: Math.round(55 + (12 - margin) * 10),
      high: Math.round(55 + (12 + margin) * 10),
    });
  });

  it('keeps a cumulative figure from falling, whatever the trend says', () => {
    const falling = fitTrend(series([900, 800, 700]));
    expect(project(700, falling, 5)).toMatchObject({ perDay: -100, projected: 700, low: 700, high: 700 });
    const wide = fitTrend(series([0, 100, 0, 100, 0, 100]));
    expect(project(100, wide, 4).low).toBe(100);
  });

  it('caps a figure at its limit and counts no time already past', () => {
    const trend = fitTrend(series([0, 1000, 2000]));
    expect(project(2000, trend, 5, 4500)).toMatchObject({ projected: 4500, high: 4500 });
    expect(project(2000, trend, -1).projected).toBe(2000);
  });
});

describe('runsOutAt', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const endsAt = new Date('2026-11-30T00:00:00Z');

  it('is the moment the money left is spent at the rate', () => {
    expect(runsOutAt(3000, 1000, now, endsAt)).toEqual(new Date('2026-11-23T12:00:00Z'));
  });

  it('is none when the money lasts past the end or nothing is spent', () => {
    expect(runsOutAt(30_000, 1000, now, endsAt)).toBeNull();
    expect(runsOutAt(3000, 0, now, endsAt)).toBeNull();
  });

  it('is now when the budget is spent already', () => {
    expect(runsOutAt(0, 1000, now, endsAt)).toEqual(now);
  });
});
