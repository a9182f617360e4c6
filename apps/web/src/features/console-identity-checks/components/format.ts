import { formatDateTime } from '@platform/shared';

/**
 * A date of birth (`YYYY-MM-DD`) in the date part of the spec's long format, '05 Mar, 1990' (SPEC §9): it
 * is a calendar date, read as midnight UTC so that no time zone moves it to another day.
 */
export function formatDateOfBirth(date: string): string {
  const formatted = formatDateTime(`${date}T00:00:00Z`, 'long');
  return formatted ? (formatted.split(' @ ')[0] ?? date) : date;
}
