// What the three platform readers share: the post's id as the query gives it, the instants platforms
// write, and a failed exchange as an answer.

import { ProviderTransportError } from '../http/provider-http';
import type { PostFacts, PostFactsLogger, PostFactsQuery, PostFactsUnknownReason } from './post-facts';

export const unknownFacts = (reason: PostFactsUnknownReason): PostFacts => ({ kind: 'unknown', reason });

export const SILENT_LOGGER: PostFactsLogger = { error: () => {}, warn: () => {} };

/**
 * The query's post id when it has the platform's form (`pattern`), with an entry's `Platform:` prefix taken
 * off; undefined otherwise (a TikTok short link's identity, say), which nothing is asked about.
 */
export function platformIdOf(query: PostFactsQuery, pattern: RegExp): string | undefined {
  const prefix = `${query.platform}:`;
  const id = query.postId.startsWith(prefix) ? query.postId.slice(prefix.length) : query.postId;
  return pattern.test(id) ? id : undefined;
}

// RFC 3339 as Google writes it ('2009-10-25T06:57:33Z', '…33.123Z'), and ISO 8601 with a basic offset as
// Meta writes it ('2017-08-31T18:10:00+0000'), which Date.parse is not bound to read.
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * An ISO 8601 date and time with its offset; undefined for anything else, never a guess: a date the
 * calendar does not have (February 30th) is not rolled over into March.
 */
export function instantOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = INSTANT.exec(value.trim());
  if (!parts) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts.slice(1, 7).map(Number);
  const millis = Number((parts[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  const [offsetHours, offsetMinutes] = [Number(parts[10] ?? 0), Number(parts[11] ?? 0)];
  const isOnCalendar =
    year >= 1970 &&
    wall.getUTCFullYear() === year &&
    wall.getUTCMonth() === month - 1 &&
    wall.getUTCDate() === day &&
    wall.getUTCHours() === hour &&
    wall.getUTCMinutes() === minute &&
    wall.getUTCSeconds() === second &&
    offsetHours < 24 &&
    offsetMinutes < 60;
  if (!isOnCalendar) return undefined;
  const offset = (parts[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return new Date(wall.getTime() - offset * 60_000);
}

/** Whole seconds since 1970 (TikTok's `create_time`), as a number or a string of digits. */
export function unixSecondsOf(value: unknown): Date | undefined {
  const seconds =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,12}$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) return undefined;
  const at = new Date(seconds * 1000);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** A non-empty string from an answer, or undefined. */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A failed exchange as an answer; anything that is not a transport failure is a fault of ours, thrown on. */
export function transportFailureFacts(error: unknown): PostFacts {
  if (error instanceof ProviderTransportError) return unknownFacts(error.kind);
  throw error;
}

/** 429 and 5xx: the platform limiting us or failing, worth asking again later. */
export const isPassingFailure = (status: number) => status === 429 || status >= 500;
