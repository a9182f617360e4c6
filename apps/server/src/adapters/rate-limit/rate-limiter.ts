export type RateLimitDecision = {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
};

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitCheck = { key: string; rule: RateLimitRule };

/** Counts attempts per key in fixed windows; shared by every process that uses the same store. */
export interface RateLimiter {
  /** Counts one attempt against each key at once (one round trip), and decides each. */
  consume(checks: RateLimitCheck[]): Promise<RateLimitDecision[]>;
  reset(key: string): Promise<void>;
  purgeExpired(olderThanSeconds: number): Promise<void>;
}

/** A window's decision once its hit count and start are known. */
export function decide(
  hits: number,
  windowStartedAtMs: number,
  rule: RateLimitRule,
  nowMs: number,
): RateLimitDecision {
  const windowEndsAt = windowStartedAtMs + rule.windowSeconds * 1000;
  return {
    allowed: hits <= rule.limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - nowMs) / 1000)),
  };
}
