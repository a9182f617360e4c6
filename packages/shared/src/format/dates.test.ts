import { describe, expect, it } from 'vitest';
import { DATE_DISPLAY_FORMATS, formatDateTime, formatRemaining, humanizeDuration } from './dates';

describe('formatDateTime', () => {
  it.each([
    ['2026-03-05T14:07:00Z', '05 Mar, 2026 @ 2:07 PM GMT', '2026-03-05 14:07 GMT'],
    ['2026-03-05T00:00:00Z', '05 Mar, 2026 @ 12:00 AM GMT', '2026-03-05 00:00 GMT'],
    ['2026-12-31T12:30:59Z', '31 Dec, 2026 @ 12:30 PM GMT', '2026-12-31 12:30 GMT'],
    ['2026-07-01T23:59:00+02:00', '01 Jul, 2026 @ 9:59 PM GMT', '2026-07-01 21:59 GMT'],
    ['2026-01-09T09:05:00', '09 Jan, 2026 @ 9:05 AM GMT', '2026-01-09 09:05 GMT'],
    ['2025-11-30T23:30:00-01:00', '01 Dec, 2025 @ 12:30 AM GMT', '2025-12-01 00:30 GMT'],
  ])('formats %s in UTC', (value, long, short) => {
    expect(formatDateTime(value, 'long')).toBe(long);
    expect(formatDateTime(value, 'short')).toBe(short);
  });

  it('takes a Date and a timestamp', () => {
    const date = new Date(Date.UTC(2026, 1, 28, 18, 45));
    expect(formatDateTime(date, 'long')).toBe('28 Feb, 2026 @ 6:45 PM GMT');
    expect(formatDateTime(date.getTime(), 'short')).toBe('2026-02-28 18:45 GMT');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date', 'long')).toBe('');
    expect(formatDateTime(Number.NaN, 'short')).toBe('');
  });
});

describe('formatRemaining', () => {
  const from = '2026-03-05T12:00:00Z';
  const after = (milliseconds: number) => new Date(Date.parse(from) + milliseconds);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it.each([
    [10 * SECOND, 'a few seconds left'],
    [44 * SECOND, 'a few seconds left'],
    [45 * SECOND, '1 minute left'],
    [89 * SECOND, '1 minute left'],
    [90 * SECOND, '2 minutes left'],
    [44 * MINUTE, '44 minutes left'],
    [45 * MINUTE, '1 hour left'],
    [89 * MINUTE, '1 hour left'],
    [90 * MINUTE, '2 hours left'],
    [21 * HOUR, '21 hours left'],
    [22 * HOUR, '1 day left'],
    [35 * HOUR, '1 day left'],
    [36 * HOUR, '2 days left'],
    [3 * DAY, '3 days left'],
    [25 * DAY, '25 days left'],
    [26 * DAY, '1 month left'],
    [45 * DAY, '1 month left'],
    [46 * DAY, '2 months left'],
    [300 * DAY, '10 months left'],
    [330 * DAY, '1 year left'],
    [540 * DAY, '1 year left'],
    [600 * DAY, '2 years left'],
    [3 * 365 * DAY, '3 years left'],
  ])('%d ms ahead reads %s', (milliseconds, text) => {
    expect(formatRemaining(after(milliseconds), from)).toBe(text);
  });

  it('never says "a" or "an" for a single unit', () => {
    for (const hours of [1, 24]) {
      expect(formatRemaining(after(hours * HOUR), from)).not.toMatch(/^an? /);
    }
  });

  it('reads a moment already past as nothing left', () => {
    expect(formatRemaining('2026-03-01T00:00:00Z', from)).toBe('0 seconds left');
    expect(formatRemaining(from, from)).toBe('0 seconds left');
  });

  it('takes Dates and defaults to now', () => {
    expect(formatRemaining(new Date(Date.now() + 3 * DAY + MINUTE))).toBe('3 days left');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatRemaining('soon', from)).toBe('');
  });

  it('has the humaniser on its own', () => {
    expect(humanizeDuration(2 * DAY)).toBe('2 days');
    expect(humanizeDuration(-5)).toBe('a few seconds');
  });
});

describe('DATE_DISPLAY_FORMATS', () => {
  it('formats through dayjs exactly as formatDateTime does', async () => {
    const { default: dayjs } = await import('dayjs');
    const { default: utc } = await import('dayjs/plugin/utc');
    dayjs.extend(utc);
    for (const instant of ['2026-03-05T14:07:00Z', '2026-11-21T00:05:00Z', '2026-12-31T23:59:00Z']) {
      expect(dayjs.utc(instant).format(DATE_DISPLAY_FORMATS.long)).toBe(formatDateTime(instant, 'long'));
      expect(dayjs.utc(instant).format(DATE_DISPLAY_FORMATS.short)).toBe(formatDateTime(instant, 'short'));
    }
  });
});
