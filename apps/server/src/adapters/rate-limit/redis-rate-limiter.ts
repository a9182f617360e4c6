import type { Redis } from 'ioredis';
import type { Clock } from '../../clock';
import { errors } from '../../errors';
import { decide, type RateLimitCheck, type RateLimiter } from './rate-limiter';

// Counts every key of an attempt in one atomic script, with the same fixed windows as the database store:
// a window starts at its first hit, by the platform's clock, and is over once its length has passed. The
// key's expiry only clears it away afterwards.
const CONSUME = `
local now = tonumber(ARGV[1])
local result = {}
for index, key in ipairs(KEYS) do
  local window = tonumber(ARGV[index + 1])
  local started = tonumber(redis.call('HGET', key, 'started'))
  local hits
  if (not started) or started <= now - window then
    started = now
    hits = 1
    redis.call('HSET', key, 'started', now, 'hits', 1)
  else
    hits = redis.call('HINCRBY', key, 'hits', 1)
  end
  redis.call('PEXPIRE', key, window * 2)
  result[#result + 1] = hits
  result[#result + 1] = started
end
return result
`;

/** `{…}` is a Redis Cluster hash tag: every key of one script call must live on the same node. */
const PREFIX = 'rate-limit:{auth}:';

type ConsumingRedis = Redis & {
  consumeRateLimits(keyCount: number, ...keysAndArguments: (string | number)[]): Promise<number[]>;
};

/** The auth rate limits in Redis (REDIS_URL), shared by every API process without touching the database. */
export function createRedisRateLimiter(redis: Redis, clock: Clock): RateLimiter {
  redis.defineCommand('consumeRateLimits', { lua: CONSUME });
  const client = redis as ConsumingRedis;
  return {
    async consume(checks: RateLimitCheck[]) {
      if (checks.length === 0) return [];
      const now = clock.now().getTime();
      const unique = [...new Map(checks.map((check) => [check.key, check])).values()];
      // Without its counts the platform cannot tell an attack from a user: refuse rather than guess.
      const reply = await client
        .consumeRateLimits(
          unique.length,
          ...unique.map(({ key }) => PREFIX + key),
          now,
          ...unique.map(({ rule }) => rule.windowSeconds * 1000),
        )
        .catch((error: unknown) => {
          throw errors.dependencyUnavailable(error);
        });
      const byKey = new Map(
        unique.map(({ key }, index) => [
          key,
          { hits: Number(reply[index * 2]), started: Number(reply[index * 2 + 1]) },
        ]),
      );
      return checks.map(({ key, rule }) => {
        const window = byKey.get(key);
        if (!window) throw new Error('the rate-limit script returned no window for a key');
        return decide(window.hits, window.started, rule, now);
      });
    },
    async reset(key: string): Promise<void> {
      await redis.del(PREFIX + key);
    },
    async purgeExpired(): Promise<void> {
      // Redis expires each window itself.
    },
  };
}
