import { z } from 'zod';
import { MIN_AGE_YEARS } from './constants';
import { AGE_MESSAGE, DATE_INVALID_MESSAGE, REQUIRED_MESSAGE } from './messages';

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** Reads 'YYYY-MM-DD' (a time part after it is ignored) or a Date, as a UTC calendar date. */
function toCalendarDate(value: Date | string): CalendarDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
  }
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDay = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay ? { year, month, day } : null;
}

export function isValidDateOfBirth(value: Date | string): boolean {
  return toCalendarDate(value) !== null;
}

/**
 * Whole years from the date of birth to `today`, both as UTC calendar dates. Someone born on 29 February
 * becomes a year older on 1 March in other years.
 */
export function ageInYears(dateOfBirth: Date | string, today: Date = new Date()): number | null {
  const born = toCalendarDate(dateOfBirth);
  const now = toCalendarDate(today);
  if (!born || !now) return null;
  const hadBirthdayThisYear = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthdayThisYear ? 0 : 1);
}

export function isAtLeastAge(
  dateOfBirth: Date | string,
  minimumAge: number = MIN_AGE_YEARS,
  today: Date = new Date(),
): boolean {
  const age = ageInYears(dateOfBirth, today);
  return age !== null && age >= minimumAge;
}

/** A date of birth as 'YYYY-MM-DD' of someone 18 or older; `today` is a function so that a long-lived schema stays current. */
export function dateOfBirthSchema(today: () => Date = () => new Date()) {
  return z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true })
    .refine(isValidDateOfBirth, { error: DATE_INVALID_MESSAGE, abort: true })
    .refine((value) => isAtLeastAge(value, MIN_AGE_YEARS, today()), { error: AGE_MESSAGE });
}
