import type { MetricsReading } from './metrics-source';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** After a first transient failure; each failure after it doubles the wait. */
export const FIRST_RETRY_MS = MINUTE_MS;
/** However many failures: a provider back after a long outage is asked again within the same day. */
export const LONGEST_RETRY_MS = 6 * HOUR_MS;
/** A post the provider says is gone, hidden or not ours may come back, but not within minutes. */
export const ABSENT_POST_RETRY_MS = 24 * HOUR_MS;
/** Figures that were read are read again after this long, unless the caller says otherwise. */
export const DEFAULT_REFRESH_MS = HOUR_MS;

export type MetricsAttemptOptions = {
  /** How long figures that were read stay current. */
  refreshEveryMs?: number;
  /**
   * Spreads retries of posts that failed together, so that they do not all come back together: the wait is
   * between half and all of its exponential value. Off in tests, for exact times.
   */
  jitter?: boolean;
  /** A number in [0, 1), Math.random by default. */
  random?: () => number;
};

/**
 * When to ask for a post's figures again after `reading`, its `attempt`-th answer in a row without figures
 * (1 after the first; ignored after figures): the provider's own time when it named one (a spent quota's
 * renewal, a Retry-After), a day for a post that is not there or not readable, and otherwise a wait that
 * doubles from a minute up to six hours.
 */
export function nextMetricsAttempt(
  reading: MetricsReading,
  attempt: number,
  now: Date,
  options: MetricsAttemptOptions = {},
): Date {
  const after = (ms: number) => new Date(now.getTime() + ms);
  if (reading.kind === 'metrics') return after(options.refreshEveryMs ?? DEFAULT_REFRESH_MS);
  switch (reading.reason) {
    case 'not-found':
    case 'private':
    case 'not-configured':
    case 'unsupported':
      return after(ABSENT_POST_RETRY_MS);
    case 'quota-exceeded':
    case 'rate-limited':
      if (reading.retryAfterSeconds !== undefined)
        return after(Math.max(0, reading.retryAfterSeconds) * 1000);
      break;
    case 'status':
    case 'timeout':
    case 'network':
    case 'malformed':
      break;
  }
  const failures = Math.max(1, Math.floor(attempt));
  const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 30));
  if (options.jitter === false) return after(wait);
  const random = options.random ?? Math.random;
  return after(Math.round(wait / 2 + random() * (wait / 2)));
}
