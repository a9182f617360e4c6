// The port through which an entry's post is measured (views, likes, comments, shares) for the leaderboards
// (DESIGN §8, ADR 021). A platform that does not expose a figure says null, never 0: a leaderboard must not
// rank a hidden count as no count. Every way of not getting figures is an answer, never an exception, so
// that one post the provider cannot read never stops the others from being measured.

import type { MarketingPlatform } from '@platform/shared';

/** Each figure as the platform counts it, or null where the platform does not say. */
export type PostMetrics = {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
};

/** Where a reading came from, recorded beside every figure. */
export type MetricsSourceName = 'youtube-data-api' | 'tiktok-business' | 'instagram-graph';

export type MetricsUnavailableReason =
  /** No key or token for this platform is configured: nothing was asked. */
  | 'not-configured'
  /** The provider knows no such post, or not one the configured account may read. */
  | 'not-found'
  /** The post exists but its owner has hidden it from us. */
  | 'private'
  /** The provider's daily quota is spent; `retryAfterSeconds` says when it is renewed. */
  | 'quota-exceeded'
  /** The provider asks us to slow down; `retryAfterSeconds` when it said how long to wait. */
  | 'rate-limited'
  /** The provider answered with an error: failing, or refusing our credentials (which is logged). */
  | 'status'
  | 'timeout'
  | 'network'
  /** The answer was not the provider's document (a proxy's HTML page, say). */
  | 'malformed'
  /**
   * Not a post this source can measure: a link that is not a post of its platform, a TikTok short link not
   * yet resolved to its video, or another platform's post.
   */
  | 'unsupported';

export type MetricsReading =
  | { kind: 'metrics'; metrics: PostMetrics; source: MetricsSourceName; readAt: Date }
  | { kind: 'unavailable'; reason: MetricsUnavailableReason; retryAfterSeconds?: number };

export type PostToMeasure = { url: string; platform: MarketingPlatform };

export interface MetricsSource {
  /** Which source answers, for log lines. */
  readonly name: string;
  /**
   * A reading for every post given, keyed by its `url` exactly as given. Posts are asked for in as few
   * requests as the provider allows; the same post under two links is asked for once.
   */
  read(posts: readonly PostToMeasure[]): Promise<Map<string, MetricsReading>>;
}

/** What an adapter writes to the log; the app's pino logger fits. */
export type MetricsLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};
