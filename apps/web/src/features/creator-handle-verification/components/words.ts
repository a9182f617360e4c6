import {
  AUTH_MESSAGES,
  formatDateTime,
  HANDLE_VERIFICATION_METHOD_LABELS,
  PLATFORM_LABELS,
  type HandleVerification,
} from '@platform/shared';
import { isApiError } from '../../../lib/api-client';

/**
 * The server's own words for a refusal it explains, including a platform that did not answer (503) and
 * too many checks (429); the generic message for a failure it could not explain or no answer at all.
 */
export function serverMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return AUTH_MESSAGES.unknownError;
  return error.status < 500 || error.status === 503 ? error.message : AUTH_MESSAGES.unknownError;
}

/** '02 Nov, 2026': the day of a timestamp, in the spec's long format. */
export const formatDay = (at: string) => formatDateTime(at, 'long').split(' @ ')[0] ?? at;

export const handleName = (item: Pick<HandleVerification, 'platform' | 'handle'>) =>
  `@${item.handle} on ${PLATFORM_LABELS[item.platform]}`;

/** 'Code in bio · 02 Nov, 2026': how the handle was proven, and when. */
export function verifiedText(verified: NonNullable<HandleVerification['verified']>): string {
  return `${HANDLE_VERIFICATION_METHOD_LABELS[verified.method]} · ${formatDay(verified.at)}`;
}
