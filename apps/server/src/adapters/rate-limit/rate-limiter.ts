export type RateLimitDecision = {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
};

export type RateLimitRule = { limit: number; windowSeconds: number };

/** Counts attempts per key in fixed windows; shared by every process that uses the same store. */
export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  reset(key: string): Promise<void>;
  purgeExpired(olderThanSeconds: number): Promise<void>;
}
