import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_TERMS_VERSION } from '@platform/shared';
import {
  createCountingHasher,
  createTestApp,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  type TestApp,
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

type ErrorBody = { error: { code: string } };

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
  await context.form('/api/auth/sign-up', {
    username: email,
    password: STRONG_PASSWORD,
    tncVersion: CURRENT_TERMS_VERSION,
  });
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
        tncVersion: CURRENT_TERMS_VERSION,
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
