import { DAY_MS, type TrendPoint } from './forecast';

/** A UTC day as `YYYY-MM-DD`. */
export const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

export const dayBefore = (day: string) => dayOf(new Date(Date.parse(day) - DAY_MS));

/** The end of a UTC day `YYYY-MM-DD`: the next day's first instant. */
export const endOfDay = (day: string) => new Date(Date.parse(day) + DAY_MS);

export const earlier = (a: string, b: string) => (a < b ? a : b);

/** Every UTC day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = dayOf(endOfDay(day))) days.push(day);
  return days;
}

/** A day's cumulative figure as a point for the trend, its day counted from 1970. */
export const pointOf = (date: string, value: number): TrendPoint => ({
  day: Date.parse(date) / DAY_MS,
  value,
});
