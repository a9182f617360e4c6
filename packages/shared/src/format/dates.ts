const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// A date-time without an offset would be read in the reader's time zone; the product's times are UTC.
const ISO_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'string' && ISO_WITHOUT_OFFSET.test(value.trim())) return new Date(`${value.trim()}Z`);
  return new Date(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The spec's date formats (SPEC §9) as dayjs format strings, for date pickers that format through dayjs;
 * formatDateTime below produces the same text without dayjs. `date` is the long format's date part.
 */
export const DATE_DISPLAY_FORMATS = {
  long: 'DD MMM, YYYY @ h:mm A [GMT]',
  short: 'YYYY-MM-DD HH:mm [GMT]',
  date: 'DD MMM, YYYY',
} as const;

/**
 * The spec's two date formats, always in UTC (SPEC §9): long 'DD MMM, YYYY @ h:mm A GMT'
 * ('05 Mar, 2026 @ 2:07 PM GMT') and short 'YYYY-MM-DD HH:mm GMT' ('2026-03-05 14:07 GMT'). An invalid
 * date gives ''.
 */
export function formatDateTime(value: Date | string | number, style: 'long' | 'short'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = pad(date.getUTCDate());
  const hours = date.getUTCHours();
  const minutes = pad(date.getUTCMinutes());
  if (style === 'short') return `${year}-${pad(month + 1)}-${day} ${pad(hours)}:${minutes} GMT`;
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${day} ${MONTHS[month]}, ${year} @ ${hours12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} GMT`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.436875 * DAY;
const YEAR = 365.2425 * DAY;

/**
 * A duration in words, with dayjs's relativeTime thresholds so that it reads like the dates the web app
 * shows with dayjs: up to 44 seconds 'a few seconds', then minutes, hours (from 45 minutes), days (from
 * 22 hours), months (from 26 days) and years (from 11 months). A single unit is written '1 day' rather
 * than 'a day' (SPEC §9). Months and years are average calendar lengths.
 */
export function humanizeDuration(milliseconds: number): string {
  const duration = Math.max(0, milliseconds);
  const seconds = Math.round(duration / SECOND);
  if (seconds <= 44) return 'a few seconds';
  const phrase = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds <= 89) return phrase(1, 'minute');
  const minutes = Math.round(duration / MINUTE);
  if (minutes <= 44) return phrase(minutes, 'minute');
  if (minutes <= 89) return phrase(1, 'hour');
  const hours = Math.round(duration / HOUR);
  if (hours <= 21) return phrase(hours, 'hour');
  if (hours <= 35) return phrase(1, 'day');
  const days = Math.round(duration / DAY);
  if (days <= 25) return phrase(days, 'day');
  if (days <= 45) return phrase(1, 'month');
  const months = Math.round(duration / MONTH);
  if (months <= 10) return phrase(months, 'month');
  if (months <= 17) return phrase(1, 'year');
  return phrase(Math.round(duration / YEAR), 'year');
}

/**
 * Time left until `to`, e.g. '3 days left' or '1 hour left' (SPEC §9). A moment already past reads
 * '0 seconds left' rather than counting up again.
 */
export function formatRemaining(to: Date | string, from: Date | string = new Date()): string {
  const remaining = toDate(to).getTime() - toDate(from).getTime();
  if (Number.isNaN(remaining)) return '';
  if (remaining <= 0) return '0 seconds left';
  return `${humanizeDuration(remaining)} left`;
}
