import { eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { rateLimitWindows } from '../../db/schema/index';
import { decide, type RateLimitCheck, type RateLimiter } from './rate-limiter';

/**
 * Fixed windows kept in the database, so every API process sees the same counts. One statement counts
 * every key of an attempt (an atomic multi-row upsert), so concurrent attempts cannot slip past a limit.
 * Each row carries its window's length, which the upsert reads to tell whether the window is over.
 */
export function createDatabaseRateLimiter(db: Database, clock: Clock): RateLimiter {
  return {
    async consume(checks: RateLimitCheck[]) {
      if (checks.length === 0) return [];
      const now = clock.now();
      // One row per key: the statement may not touch the same row twice.
      const unique = [...new Map(checks.map((check) => [check.key, check])).values()];
      const windowIsOver = sql`${rateLimitWindows.windowStartedAt} <= excluded.window_started_at - make_interval(secs => excluded.window_seconds)`;
      const rows = await db
        .insert(rateLimitWindows)
        .values(
          unique.map(({ key, rule }) => ({
            key,
            windowStartedAt: now,
            windowSeconds: rule.windowSeconds,
            hits: 1,
          })),
        )
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            hits: sql`case when ${windowIsOver} then 1 else ${rateLimitWindows.hits} + 1 end`,
            windowStartedAt: sql`case when ${windowIsOver} then excluded.window_started_at else ${rateLimitWindows.windowStartedAt} end`,
            windowSeconds: sql`excluded.window_seconds`,
          },
        })
        .returning({
          key: rateLimitWindows.key,
          hits: rateLimitWindows.hits,
          windowStartedAt: rateLimitWindows.windowStartedAt,
        });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return checks.map(({ key, rule }) => {
        const row = byKey.get(key);
        if (!row) throw new Error('the rate-limit upsert returned no row for a key');
        return decide(row.hits, row.windowStartedAt.getTime(), rule, now.getTime());
      });
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
