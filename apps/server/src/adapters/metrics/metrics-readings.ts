// What the three platform clients share: finding a post's id on its platform, reading a count, answering
// every post given, and turning a failed exchange into a reading.

import { parsePostLink, postIdentity, type MarketingPlatform } from '@platform/shared';
import { ProviderTransportError } from '../http/provider-http';
import type { MetricsReading, MetricsUnavailableReason, PostToMeasure } from './metrics-source';

export const unavailableReading = (
  reason: MetricsUnavailableReason,
  retryAfterSeconds?: number,
): MetricsReading =>
  retryAfterSeconds === undefined
    ? { kind: 'unavailable', reason }
    : { kind: 'unavailable', reason, retryAfterSeconds };

export const NOT_CONFIGURED: MetricsReading = unavailableReading('not-configured');

/**
 * The post's id on `platform` (a YouTube video id, a TikTok item id, an Instagram shortcode), through the
 * shared rule that also decides when two links are the same post; undefined when the link is not a post
 * of that platform, or is a TikTok short link, which names its video only through TikTok's redirects.
 */
export function platformPostId(url: string, platform: MarketingPlatform): string | undefined {
  const link = parsePostLink(url);
  if (!link || link.platform !== platform) return undefined;
  if (link.platform === 'TikTok' && link.kind === 'short') return undefined;
  const identity = postIdentity(url);
  const prefix = `${platform}:`;
  return identity?.startsWith(prefix) ? identity.slice(prefix.length) : undefined;
}

/**
 * A count as providers write it: a JSON number, or a string of digits (Google's int64s). Anything else,
 * absent included, is null: the provider did not say.
 */
export function countIn(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return null;
  const count = Number(value);
  return Number.isSafeInteger(count) ? count : null;
}

export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** The posts a client was given, grouped by their id on its platform. */
export type PostsById = {
  /** Each id once, in the order first given. */
  ids: string[];
  /** Answers every post of an id with one reading, and every post without an id as unsupported. */
  answer(readingOf: (id: string) => MetricsReading): Map<string, MetricsReading>;
};

export function postsById(posts: readonly PostToMeasure[], platform: MarketingPlatform): PostsById {
  const idOfUrl = new Map<string, string | undefined>();
  for (const post of posts) {
    if (!idOfUrl.has(post.url)) {
      idOfUrl.set(post.url, post.platform === platform ? platformPostId(post.url, platform) : undefined);
    }
  }
  const ids = [...new Set([...idOfUrl.values()].filter((id): id is string => id !== undefined))];
  return {
    ids,
    answer(readingOf) {
      const readings = new Map<string, MetricsReading>();
      for (const [url, id] of idOfUrl) {
        readings.set(url, id === undefined ? unavailableReading('unsupported') : readingOf(id));
      }
      return readings;
    },
  };
}

/** A failed exchange as a reading; anything that is not a transport failure is a fault of ours, thrown on. */
export function transportFailureReading(error: unknown): MetricsReading {
  if (error instanceof ProviderTransportError) return unavailableReading(error.kind);
  throw error;
}

/** Text a provider sent, safe for one log field: one line, no control characters, at most 300 characters. */
export function loggableText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? undefined : text.slice(0, 300);
}
