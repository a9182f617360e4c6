import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestClock, openTestDatabase } from '../../test/harness';
import { startRedis } from '../../test/redis-server';
import { createDatabaseRateLimiter } from './database-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';

// One contract, two stores: the database (the default) and Redis (REDIS_URL). Both must count the same.
let database: DatabaseHandle;
let redisServer: Awaited<ReturnType<typeof startRedis>>;
let redis: Redis;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  redisServer = await startRedis();
  redis = new Redis(redisServer.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(async () => {
  await database?.close();
  redis?.disconnect();
  await redisServer?.stop();
});

const stores: [string, (clock: ReturnType<typeof createTestClock>) => RateLimiter][] = [
  ['database', (clock) => createDatabaseRateLimiter(database.db, clock)],
  ['Redis', (clock) => createRedisRateLimiter(redis, clock)],
];

describe.each(stores)('the %s rate-limit store', (_name, create) => {
  const perMinute = { limit: 3, windowSeconds: 60 };
  const perHour = { limit: 5, windowSeconds: 3600 };
  const key = () => `test:${randomUUID()}`;

  it('allows the limit within a window, refuses after it with the time left, and starts again when it is over', async () => {
    const clock = createTestClock();
    const limiter = create(clock);
    const subject = key();
    const decisions = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      decisions.push((await limiter.consume([{ key: subject, rule: perMinute }]))[0]);
    expect(decisions.map((decision) => decision?.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((decision) => decision?.hits)).toEqual([1, 2, 3, 4, 5]);
    expect(decisions[4]?.retryAfterSeconds).toBeGreaterThan(55);
    expect(decisions[4]?.retryAfterSeconds).toBeLessThanOrEqual(60);

    clock.advance(30_000);
    expect(
      (await limiter.consume([{ key: subject, rule: perMinute }]))[0]?.retryAfterSeconds,
    ).toBeLessThanOrEqual(30);
    clock.advance(31_000);
    expect((await limiter.consume([{ key: subject, rule: perMinute }]))[0]).toMatchObject({
      allowed: true,
      hits: 1,
    });
  });

  it('counts several keys with different windows in one call, and decides each', async () => {
    const clock = createTestClock();
    const limiter = create(clock);
    const [short, long] = [key(), key()];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await limiter.consume([
        { key: short, rule: perMinute },
        { key: long, rule: perHour },
      ]);
    }
    clock.advance(61_000);
    const [shortDecision, longDecision] = await limiter.consume([
      { key: short, rule: perMinute },
      { key: long, rule: perHour },
    ]);
    expect(shortDecision).toMatchObject({ allowed: true, hits: 1 });
    expect(longDecision).toMatchObject({ allowed: true, hits: 5 });
    expect((await limiter.consume([{ key: long, rule: perHour }]))[0]).toMatchObject({
      allowed: false,
      hits: 6,
    });
  });

  it('forgets a key when it is reset', async () => {
    const limiter = create(createTestClock());
    const subject = key();
    for (let attempt = 0; attempt < 4; attempt += 1)
      await limiter.consume([{ key: subject, rule: perMinute }]);
    await limiter.reset(subject);
    expect((await limiter.consume([{ key: subject, rule: perMinute }]))[0]).toMatchObject({
      allowed: true,
      hits: 1,
    });
  });

  it('lets exactly the limit through when many attempts arrive at once', async () => {
    const limiter = create(createTestClock());
    const subject = key();
    const rule = { limit: 10, windowSeconds: 60 };
    const decisions = await Promise.all(
      Array.from({ length: 60 }, () =>
        limiter.consume([{ key: subject, rule }]).then(([decision]) => decision),
      ),
    );
    expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(10);
    expect(new Set(decisions.map((decision) => decision?.hits)).size).toBe(60);
  });
});
