import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from './modules/auth/auth.service';
import {
  createTestApp,
  signedUpCreator,
  STRONG_PASSWORD,
  type TestApp,
  SHIPPED_TERMS_ID,
} from './test/harness';
import { startRedis } from './test/redis-server';

// Several API processes on one database (and one Redis): two apps in this process, sharing the
// database handle as two processes share the database server.
const SESSION_SECRET = 'scale-out-signing-key-that-is-long-enough-0123456789';

let first: TestApp;
let redis: Awaited<ReturnType<typeof startRedis>>;
const others: TestApp[] = [];
beforeAll(async () => {
  first = await createTestApp({ environment: { SESSION_SECRET } });
  redis = await startRedis();
});
afterAll(async () => {
  for (const other of others) await other.app.close();
  await first?.close();
  await redis?.stop();
});

async function anotherProcess(
  environment: Record<string, string> = {},
  authRateLimits = DEFAULT_AUTH_RATE_LIMITS,
) {
  const other = await createTestApp({
    database: first.database,
    clock: first.clock,
    authRateLimits,
    environment: { SESSION_SECRET, ...environment },
  });
  others.push(other);
  return other;
}

describe('several API processes', () => {
  it('stop a revoked session on the very next request, in every process', async () => {
    const second = await anotherProcess();
    const { token } = await signedUpCreator(first);
    const read = (app: TestApp) =>
      app.app.inject({ url: '/server-api/creator/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await read(second)).statusCode).toBe(200);
    expect((await read(second)).statusCode).toBe(200);
    expect((await first.form('/api/auth/sign-out', {}, token)).statusCode).toBe(204);
    expect((await read(second)).statusCode).toBe(401);
    expect((await read(first)).statusCode).toBe(401);
  });

  it.each([
    ['the database', () => ({})],
    ['Redis', () => ({ REDIS_URL: redis.url })],
  ])('count sign-in attempts together through %s', async (_store, environmentOf) => {
    const environment = environmentOf();
    const [left, right] = [await anotherProcess(environment), await anotherProcess(environment)];
    const email = `shared-count-${randomUUID().slice(0, 8)}@example.com`;
    await left.form('/api/auth/sign-up', {
      username: email,
      password: STRONG_PASSWORD,
      tncVersion: SHIPPED_TERMS_ID,
    });
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const app = attempt % 2 === 0 ? left : right;
      statuses.push(
        (
          await app.form(
            '/api/auth/sign-in',
            { username: email, password: `Wrong-${attempt}!` },
            undefined,
            `10.4.0.${attempt}`,
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('share the flood limit through Redis', async () => {
    const environment = { REDIS_URL: redis.url, API_RATE_LIMIT_PER_MINUTE: '4' };
    const [left, right] = [await anotherProcess(environment), await anotherProcess(environment)];
    const address = `10.5.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const app = attempt % 2 === 0 ? left : right;
      statuses.push((await app.app.inject({ url: '/api/setup/status', remoteAddress: address })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('answer 503 for sign-in while Redis does not answer, and keep serving what does not need it', async () => {
    const cut = await anotherProcess({ REDIS_URL: 'redis://127.0.0.1:1' });
    const signIn = await cut.form('/api/auth/sign-in', {
      username: 'someone@example.com',
      password: 'Whatever-1!',
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE', requestId: signIn.headers['x-request-id'] },
    });
    expect(signIn.headers['retry-after']).toBe('5');
    expect((await cut.app.inject({ url: '/api/setup/status' })).statusCode).toBe(200);
  });
});
