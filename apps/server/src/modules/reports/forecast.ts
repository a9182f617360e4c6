import type { ForecastProjection } from '@platform/shared';

/** A cumulative figure at the end of one whole day: `day` counts days, `value` is the figure by then. */
export type TrendPoint = { day: number; value: number };

/** A straight line fitted by least squares, with the standard error of its slope. */
export type Trend = { perDay: number; slopeError: number; points: number };

/**
 * Fits `value = a + perDay × day` by ordinary least squares. The slope's standard error is
 * √(Σresidual² / (n − 2) / Σ(day − mean)²); with two points the line passes through both and has none.
 * Needs at least two points on different days.
 */
export function fitTrend(points: readonly TrendPoint[]): Trend {
  const n = points.length;
  if (n < 2) throw new Error('A trend needs at least two points.');
  const meanDay = points.reduce((total, point) => total + point.day, 0) / n;
  const meanValue = points.reduce((total, point) => total + point.value, 0) / n;
  let spread = 0;
  let covariance = 0;
  for (const point of points) {
    spread += (point.day - meanDay) ** 2;
    covariance += (point.day - meanDay) * (point.value - meanValue);
  }
  if (spread === 0) throw new Error('A trend needs points on different days.');
  const perDay = covariance / spread;
  const intercept = meanValue - perDay * meanDay;
  if (n === 2) return { perDay, slopeError: 0, points: n };
  const squaredResiduals = points.reduce(
    (total, point) => total + (point.value - (intercept + perDay * point.day)) ** 2,
    0,
  );
  return { perDay, slopeError: Math.sqrt(squaredResiduals / (n - 2) / spread), points: n };
}

/** How many standard errors either side of the slope the range spans. */
export const RANGE_STANDARD_ERRORS = 2;

/**
 * A figure carried from where it stands now to the end at the trend's rate, `days` ahead (fractional). The
 * range takes the slope less and more two standard errors. A cumulative figure cannot fall, so no bound
 * goes below `current`; a figure that cannot pass a limit (spend, the budget) is capped there.
 */
export function project(current: number, trend: Trend, days: number, cap = Infinity): ForecastProjection {
  const at = (perDay: number) =>
    Math.round(Math.min(cap, Math.max(current, current + Math.max(0, perDay) * Math.max(0, days))));
  const margin = RANGE_STANDARD_ERRORS * trend.slopeError;
  return {
    current,
    perDay: trend.perDay,
    projected: at(trend.perDay),
    low: at(trend.perDay - margin),
    high: at(trend.perDay + margin),
  };
}

/**
 * When `left` runs out spending `perDay`, counted from `now`: null when nothing is being spent or it lasts
 * past `endsAt`; `now` when it has run out already.
 */
export function runsOutAt(left: number, perDay: number, now: Date, endsAt: Date): Date | null {
  if (left <= 0) return now;
  if (perDay <= 0) return null;
  const at = new Date(now.getTime() + (left / perDay) * DAY_MS);
  return at < endsAt ? at : null;
}

export const DAY_MS = 24 * 3600 * 1000;
