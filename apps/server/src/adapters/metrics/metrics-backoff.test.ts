import { describe, expect, it } from 'vitest';
import { nextMetricsAttempt } from './metrics-backoff';
import type { MetricsReading } from './metrics-source';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const unavailable = (reason: string, retryAfterSeconds?: number) =>
  ({
    kind: 'unavailable',
    reason,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  }) as MetricsReading;

const waitAfter = (reading: MetricsReading, attempt: number, options = {}) =>
  nextMetricsAttempt(reading, attempt, NOW, { jitter: false, ...options }).getTime() - NOW.getTime();

describe('when to ask for a post’s figures again', () => {
  it.each([
    [
      'figures, read again in an hour',
      {
        kind: 'metrics',
        metrics: { views: 1, likes: null, comments: null, shares: null },
        source: 'youtube-data-api',
        readAt: NOW,
      },
      1,
      HOUR,
    ],
    ['a spent quota, at its renewal', unavailable('quota-exceeded', 23 * 3600), 1, 23 * HOUR],
    ['a spent quota, even after many failures', unavailable('quota-exceeded', 600), 9, 10 * MINUTE],
    ['a rate limit, after its Retry-After', unavailable('rate-limited', 30), 1, 30_000],
    ['a rate limit without a wait, as a failure', unavailable('rate-limited'), 3, 4 * MINUTE],
    ['a quota without a wait, as a failure', unavailable('quota-exceeded'), 1, MINUTE],
    ['a first failure, in a minute', unavailable('status'), 1, MINUTE],
    ['a second time-out, in two minutes', unavailable('timeout'), 2, 2 * MINUTE],
    ['a fifth network failure, in sixteen minutes', unavailable('network'), 5, 16 * MINUTE],
    ['a ninth malformed answer, in 256 minutes', unavailable('malformed'), 9, 256 * MINUTE],
    ['a tenth malformed answer, at the six-hour cap', unavailable('malformed'), 10, 6 * HOUR],
    ['the hundredth failure, still at the cap', unavailable('status'), 100, 6 * HOUR],
    ['an attempt counted from zero, as the first', unavailable('status'), 0, MINUTE],
    ['a post not found, tomorrow', unavailable('not-found'), 1, 24 * HOUR],
    ['a private post, tomorrow', unavailable('private'), 4, 24 * HOUR],
    ['a platform not configured, tomorrow', unavailable('not-configured'), 1, 24 * HOUR],
    ['a link no source can read, tomorrow', unavailable('unsupported'), 1, 24 * HOUR],
  ] as const)('%s', (_case, reading, attempt, wait) => {
    expect(waitAfter(reading as MetricsReading, attempt)).toBe(wait);
  });

  it('reads figures again as often as the caller says', () => {
    const reading: MetricsReading = {
      kind: 'metrics',
      metrics: { views: 1, likes: 1, comments: 1, shares: 1 },
      source: 'tiktok-business',
      readAt: NOW,
    };
    expect(waitAfter(reading, 1, { refreshEveryMs: 15 * MINUTE })).toBe(15 * MINUTE);
  });

  it.each([
    [0, 8 * MINUTE],
    [0.5, 12 * MINUTE],
    [0.999_999, 16 * MINUTE],
  ])('spreads a retry between half and all of its wait (random %s)', (random, wait) => {
    expect(waitAfter(unavailable('timeout'), 5, { jitter: true, random: () => random })).toBe(wait);
  });

  it('spreads retries by default, never past the exponential wait', () => {
    const waits = Array.from(
      { length: 200 },
      () => nextMetricsAttempt(unavailable('network'), 3, NOW).getTime() - NOW.getTime(),
    );
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4 * MINUTE);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });

  it('keeps the provider’s own time out of the jitter', () => {
    expect(waitAfter(unavailable('rate-limited', 45), 1, { jitter: true, random: () => 0 })).toBe(45_000);
  });
});
