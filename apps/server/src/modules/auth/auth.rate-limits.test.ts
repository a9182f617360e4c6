import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_TERMS_VERSION } from '@platform/shared';
import {
  createCountingHasher,
  createTestApp,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  type TestApp,
} from '../../test/harness';
import { DEFAULT_AUTH_RATE_LIMITS } from './auth.service';

const hasher = createCountingHasher();
let context: TestApp;
beforeAll(async () => {
  context = await createTestApp({ hasher, authRateLimits: DEFAULT_AUTH_RATE_LIMITS });
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string } };

describe('rate limits, applied before any hashing', () => {
  it('lets at most 10 of 1,000 wrong passwords reach the hasher in 15 minutes; the owner can still reset', async () => {
    const email = 'target@example.com';
    await context.form('/api/auth/sign-up', {
      username: email,
      password: STRONG_PASSWORD,
      tncVersion: CURRENT_TERMS_VERSION,
    });
    hasher.counts.verify = 0;

    const statuses = new Map<string, number>();
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const response = await context.form('/api/auth/sign-in', {
        username: email,
        password: `Wrong-Guess-${attempt}!`,
      });
      const key = `${response.statusCode} ${response.json<ErrorBody>().error.code}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(hasher.counts.verify).toBeLessThanOrEqual(10);
    expect(statuses.get('401 QE4B9NJ8AD')).toBe(10);
    expect(statuses.get('429 UF5C0OK9BE')).toBeGreaterThan(0);

    const locked = await context.form(
      '/api/auth/sign-in',
      { username: email, password: STRONG_PASSWORD },
      undefined,
      '127.0.0.2',
    );
    expect(locked.statusCode).toBe(429);

    const owner = '127.0.0.2';
    const forgot = await context.form('/api/auth/forgot-password', { username: email }, undefined, owner);
    expect(forgot.json()).toEqual({ message: 'Email sent' });
    const hint = await context.emails.latestHint(email, '/reset-password');
    const reset = await context.form(
      '/api/auth/reset-password',
      { hint, newPassword: OTHER_STRONG_PASSWORD },
      undefined,
      owner,
    );
    expect(reset.statusCode).toBe(200);
  });

  it('answers sign-in from one address with 429 and Retry-After once its limit is spent', async () => {
    context.clock.advance(16 * 60 * 1000);
    const limit = DEFAULT_AUTH_RATE_LIMITS.signInPerIp.limit;
    let last;
    for (let attempt = 0; attempt <= limit; attempt += 1) {
      last = await context.form(
        '/api/auth/sign-in',
        { username: `someone-${attempt}@example.com`, password: 'Whatever-1!' },
        undefined,
        '127.0.0.3',
      );
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json<ErrorBody>().error.code).toBe('RATE_LIMITED');
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it('lets the owner sign in with the new password once the window has passed', async () => {
    context.clock.advance(16 * 60 * 1000);
    const response = await context.form(
      '/api/auth/sign-in',
      { username: 'target@example.com', password: OTHER_STRONG_PASSWORD },
      undefined,
      '127.0.0.2',
    );
    expect(response.statusCode).toBe(200);
  });

  it('limits sign-up, forgot-password and verify per address before hashing', async () => {
    context.clock.advance(2 * 3600 * 1000);
    const cases = [
      {
        url: '/api/auth/sign-up',
        rule: DEFAULT_AUTH_RATE_LIMITS.signUpPerIp,
        body: (index: number) => ({
          username: `burst-${index}@example.com`,
          password: STRONG_PASSWORD,
          tncVersion: CURRENT_TERMS_VERSION,
        }),
      },
      {
        url: '/api/auth/forgot-password',
        rule: DEFAULT_AUTH_RATE_LIMITS.forgotPasswordPerIp,
        body: (index: number) => ({ username: `burst-${index}@example.com` }),
      },
      {
        url: '/api/auth/verify',
        rule: DEFAULT_AUTH_RATE_LIMITS.verifyPerIp,
        body: (index: number) => ({ hint: `unknown-${index}` }),
      },
    ];
    for (const [caseIndex, { url, rule, body }] of cases.entries()) {
      const address = `127.0.1.${caseIndex + 1}`;
      const hashesBefore = hasher.counts.hash;
      const responses = [];
      for (let index = 0; index < rule.limit + 6; index += 1) {
        responses.push(await context.form(url, body(index), undefined, address));
      }
      expect(responses.at(-1)?.statusCode).toBe(429);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(6);
      expect(hasher.counts.hash - hashesBefore).toBeLessThanOrEqual(rule.limit);
    }
  });
});
