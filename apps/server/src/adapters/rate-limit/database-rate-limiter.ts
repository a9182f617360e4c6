import { eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { rateLimitWindows } from '../../db/schema/index';
import type { RateLimitDecision, RateLimiter, RateLimitRule } from './rate-limiter';

/**
 * Fixed windows kept in the database, so every API process sees the same counts; one atomic
 * upsert per attempt, so concurrent attempts cannot slip past the limit.
 */
export function createDatabaseRateLimiter(db: Database, clock: Clock): RateLimiter {
  return {
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
      const now = clock.now();
      const windowOpenedAfter = new Date(now.getTime() - rule.windowSeconds * 1000);
      const windowIsOver = sql`${rateLimitWindows.windowStartedAt} <= ${windowOpenedAfter.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ key, windowStartedAt: now, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            hits: sql`case when ${windowIsOver} then 1 else ${rateLimitWindows.hits} + 1 end`,
            windowStartedAt: sql`case when ${windowIsOver} then ${now.toISOString()}::timestamptz else ${rateLimitWindows.windowStartedAt} end`,
          },
        })
        .returning({ hits: rateLimitWindows.hits, windowStartedAt: rateLimitWindows.windowStartedAt });
      if (!row) throw new Error('rate limit upsert returned no row');
      const windowEndsAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
      return {
        allowed: row.hits <= rule.limit,
        hits: row.hits,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)),
      };
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
    },
    async purgeExpired(olderThanSeconds: number): Promise<void> {
      const cutoff = new Date(clock.now().getTime() - olderThanSeconds * 1000);
      await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStartedAt, cutoff));
    },
  };
}
