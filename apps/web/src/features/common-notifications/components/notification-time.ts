import { formatDateTime, humanizeDuration } from '@platform/shared';

// Past a week, '23 days ago' says less than the date itself.
const SAID_AS_AGO_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** When a notification came: '5 minutes ago' within a week, the date and time (SPEC §9) after that. */
export function notificationTime(createdAt: string, now: Date): string {
  const age = now.getTime() - Date.parse(createdAt);
  if (Number.isNaN(age)) return '';
  return age < SAID_AS_AGO_FOR_MS ? `${humanizeDuration(age)} ago` : formatDateTime(createdAt, 'long');
}
