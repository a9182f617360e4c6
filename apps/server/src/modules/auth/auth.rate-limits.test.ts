import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCountingHasher,
  createTestApp,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  type TestApp,
  SHIPPED_TERMS_ID,
} from '../../test/harness';
import { DEVICE_COOKIE } from './auth.routes';
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
      tncVersion: SHIPPED_TERMS_ID,
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
          tncVersion: SHIPPED_TERMS_ID,
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

/** Sign-in as a browser does it: form-encoded, with whatever device cookie it holds. */
async function signIn(username: string, password: string, address: string, deviceCookie?: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: address,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}),
    },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  const cookie = response.cookies.find((candidate) => candidate.name === DEVICE_COOKIE);
  return { response, status: response.statusCode, deviceCookie: cookie?.value, cookie };
}

async function signUp(email: string) {
  await context.form(
    '/api/auth/sign-up',
    { username: email, password: STRONG_PASSWORD, tncVersion: SHIPPED_TERMS_ID },
    undefined,
    '10.8.0.1',
  );
}

describe('lockout without denial of service (ADR 011)', () => {
  it('holds a flood of wrong passwords to 10 hashes, while the owner signs in from a device known before', async () => {
    const victim = 'victim@example.com';
    await signUp(victim);
    const owner = await signIn(victim, STRONG_PASSWORD, '10.0.0.1');
    expect(owner.status).toBe(200);
    expect(owner.deviceCookie).toBeTruthy();
    expect(owner.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/sign-in' });
    expect(owner.cookie?.maxAge).toBeGreaterThan(30 * 24 * 3600);
    expect(owner.cookie?.secure).toBeFalsy();

    const attacker = 'mallory@example.com';
    await signUp(attacker);
    const attackerDevice = (await signIn(attacker, STRONG_PASSWORD, '10.6.6.6')).deviceCookie;

    hasher.counts.verify = 0;
    const outcomes = new Map<string, number>();
    for (let attempt = 0; attempt < 300; attempt += 1) {
      // From many addresses, some with a forged cookie or with the attacker's own (valid) device cookie.
      const cookie =
        attempt % 3 === 0 ? attackerDevice : attempt % 3 === 1 ? 'forged.device.cookie' : undefined;
      const { response, status } = await signIn(
        victim,
        `Wrong-Guess-${attempt}!`,
        `10.1.${attempt % 250}.9`,
        cookie,
      );
      const key = `${status} ${response.json<ErrorBody>().error.code}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    // The owner's sign-in counted in the same window: 1 + 9 attempts reached the hasher, the rest did not.
    expect(hasher.counts.verify).toBe(9);
    expect(outcomes.get('401 QE4B9NJ8AD')).toBe(9);
    expect(outcomes.get('429 UF5C0OK9BE')).toBe(291);

    const fromKnownDevice = await signIn(victim, STRONG_PASSWORD, '10.0.0.1', owner.deviceCookie);
    expect(fromKnownDevice.status).toBe(200);
    expect(fromKnownDevice.deviceCookie).toBeTruthy();
    const typo = await signIn(victim, 'Typo-Harbour-1!', '10.0.0.1', owner.deviceCookie);
    expect(typo.status).toBe(401);

    const fromNewDevice = await signIn(victim, STRONG_PASSWORD, '10.0.0.2');
    expect(fromNewDevice.status).toBe(429);
    expect(fromNewDevice.response.json<ErrorBody>().error.code).toBe('UF5C0OK9BE');
  });

  it('counts a known device apart too: its own 10 attempts, then it is locked like any other', async () => {
    const email = 'known-device@example.com';
    await signUp(email);
    const { deviceCookie } = await signIn(email, STRONG_PASSWORD, '10.2.0.1');
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await signIn(email, `Wrong-Guess-${attempt}!`, '10.2.0.1', deviceCookie)).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect((await signIn(email, STRONG_PASSWORD, '10.2.0.1', deviceCookie)).status).toBe(429);
    expect((await signIn(email, STRONG_PASSWORD, '10.2.0.5')).status).toBe(200);
  });

  it('ends the lockout of unknown devices when the owner resets the password', async () => {
    const email = 'locked-out@example.com';
    await signUp(email);
    for (let attempt = 0; attempt < 11; attempt += 1)
      await signIn(email, `Wrong-Guess-${attempt}!`, '10.3.0.1');
    expect((await signIn(email, STRONG_PASSWORD, '10.3.0.2')).status).toBe(429);

    await context.form('/api/auth/forgot-password', { username: email }, undefined, '10.3.0.2');
    const hint = await context.emails.latestHint(email, '/reset-password');
    const reset = await context.form(
      '/api/auth/reset-password',
      { hint, newPassword: OTHER_STRONG_PASSWORD },
      undefined,
      '10.3.0.2',
    );
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, OTHER_STRONG_PASSWORD, '10.3.0.2')).status).toBe(200);
  });

  it('marks the device cookie Secure over HTTPS', async () => {
    const secure = await createTestApp({ environment: { TRUST_PROXY: 'true' } });
    try {
      await secure.form('/api/auth/sign-up', {
        username: 'https@example.com',
        password: STRONG_PASSWORD,
        tncVersion: SHIPPED_TERMS_ID,
      });
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        payload: new URLSearchParams({ username: 'https@example.com', password: STRONG_PASSWORD }).toString(),
      });
      expect(response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
