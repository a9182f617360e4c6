import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DEACTIVATED_MESSAGES, ERROR_CODES } from '@platform/shared';
import { actingAs, createCreator, createStaffMember, type TestAccount } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

// ADR 004: a tab whose access token expired while it slept continues its session by the session's
// HttpOnly cookie, as long as the session is live (24 hours without use, 30 days in all for a creator).

let context: TestApp;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const REFRESH = '/api/auth/refresh-token';

type ErrorBody = { error: { code: string; message: string } };

/** Signs in as a browser does: the access token, and the session cookie the answer set. */
async function signInWithCookie(account: Pick<TestAccount, 'email' | 'password'>) {
  const response = await context.form('/api/auth/sign-in', {
    username: account.email,
    password: account.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === 'session');
  if (!cookie) throw new Error('the sign-in set no session cookie');
  return { token: response.json<{ id_token: string }>().id_token, cookie };
}

const refresh = (token: string | undefined, cookie: string | undefined) =>
  context.app.inject({
    method: 'POST',
    url: REFRESH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie: `session=${cookie}` } : {}),
    },
    payload: '',
  });

const profileStatus = async (token: string) =>
  (await actingAs(context, token).get('/server-api/creator/profile')).statusCode;

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, sent to the refresh call alone, and lasts as long as the session', async () => {
    const creator = await createCreator(context);
    const before = context.clock.now().getTime();
    const { cookie } = await signInWithCookie(creator);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH });
    const lasts = (cookie.expires?.getTime() ?? 0) - before;
    expect(lasts).toBeGreaterThan(30 * 24 * HOUR - MINUTE);
    expect(lasts).toBeLessThanOrEqual(30 * 24 * HOUR + MINUTE);
  });

  it('refreshes a token that expired while the tab slept 31 minutes, and the new token works', async () => {
    const creator = await createCreator(context);
    const { token, cookie } = await signInWithCookie(creator);
    context.clock.advance(31 * MINUTE);
    expect(await profileStatus(token)).toBe(401);
    // Without the cookie, an expired token is worth nothing.
    expect((await refresh(token, undefined)).statusCode).toBe(401);

    const refreshed = await refresh(token, cookie.value);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const fresh = refreshed.json<{ id_token: string; expires_in: number }>();
    expect(fresh.expires_in).toBe(1800);
    expect(await profileStatus(fresh.id_token)).toBe(200);
  });

  it('refuses the cookie without the token of its session, with another session’s token, or forged', async () => {
    const creator = await createCreator(context);
    const first = await signInWithCookie(creator);
    const second = await signInWithCookie(creator);
    const other = await signInWithCookie(await createCreator(context));
    context.clock.advance(31 * MINUTE);

    const [header, payload] = first.cookie.value.split('.');
    const attempts = [
      refresh(undefined, first.cookie.value),
      refresh('not-a-token', first.cookie.value),
      // A later sign-in in the same browser replaced the cookie: the older tab does not become it.
      refresh(first.token, second.cookie.value),
      refresh(other.token, first.cookie.value),
      refresh(first.token, `${header}.${payload}.forged-signature`),
      // An access token is no session cookie.
      refresh(first.token, first.token),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().error.code).toBe(ERROR_CODES.unauthenticated);
    }
    expect((await refresh(second.token, second.cookie.value)).statusCode).toBe(200);
  });

  it('does not revive a session over 24 hours without use, nor one signed out', async () => {
    const idle = await signInWithCookie(await createCreator(context));
    const signedOut = await signInWithCookie(await createCreator(context));

    const signOut = await context.form('/api/auth/sign-out', {}, signedOut.token);
    expect(signOut.statusCode).toBe(204);
    const cleared = signOut.cookies.find((candidate) => candidate.name === 'session');
    expect(cleared).toMatchObject({ value: '', path: REFRESH });
    expect((await refresh(signedOut.token, signedOut.cookie.value)).statusCode).toBe(401);

    context.clock.advance(25 * HOUR);
    expect((await refresh(idle.token, idle.cookie.value)).statusCode).toBe(401);
  });

  it('keeps a session alive through a day of tabs sleeping under 24 hours each time', async () => {
    const { token, cookie } = await signInWithCookie(await createCreator(context));
    let held = token;
    for (const nap of [31 * MINUTE, 5 * HOUR, 23 * HOUR]) {
      context.clock.advance(nap);
      const response = await refresh(held, cookie.value);
      expect(response.statusCode, `after ${nap / MINUTE} minutes`).toBe(200);
      held = response.json<{ id_token: string }>().id_token;
    }
    expect(await profileStatus(held)).toBe(200);
  });
});

describe('a deactivated account', () => {
  it('is told so at sign-in with the right password only, in the creator’s words', async () => {
    const creator = await createCreator(context, { status: 'INACTIVE' });
    const right = await context.form('/api/auth/sign-in', {
      username: creator.email,
      password: creator.password,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json<ErrorBody>().error).toMatchObject({
      code: ERROR_CODES.accountDeactivated,
      message: DEACTIVATED_MESSAGES.creator,
    });
    expect(right.cookies.find((candidate) => candidate.name === 'session')).toBeUndefined();

    const wrong = await context.form('/api/auth/sign-in', {
      username: creator.email,
      password: 'Wrong-Password-1!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ErrorBody>().error.message).toBe(AUTH_MESSAGES.signInFailed);
  });

  it('tells a disabled staff member that an Admin can enable the account again', async () => {
    const staff = await createStaffMember(context, { role: 'Support', status: 'INACTIVE' });
    const response = await context.form('/api/auth/sign-in', {
      username: staff.email,
      password: staff.password,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().error).toMatchObject({
      code: ERROR_CODES.accountDeactivated,
      message: DEACTIVATED_MESSAGES.staff,
    });
  });

  it('learns at its next refresh that its session ended because the account was deactivated', async () => {
    const creator = await createCreator(context);
    const { token, cookie } = await signInWithCookie(creator);
    const deactivated = await actingAs(context, token).get(
      `/server-api/creator/user/${creator.id}/deactivate`,
    );
    expect(deactivated.statusCode).toBe(200);

    expect(await profileStatus(token)).toBe(401);
    const response = await refresh(token, cookie.value);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().error).toMatchObject({
      code: ERROR_CODES.accountDeactivated,
      message: DEACTIVATED_MESSAGES.creator,
    });
    // Without the session's cookie nothing is told about the account.
    expect((await refresh(token, undefined)).statusCode).toBe(401);
  });
});
