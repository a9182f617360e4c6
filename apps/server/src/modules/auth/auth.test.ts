import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@platform/shared';
import {
  accounts,
  authTokens,
  creators,
  creatorTermsAcceptances,
  emailOutbox,
  passwordHistory,
  sessions,
} from '../../db/schema/index';
import {
  createTestApp,
  OTHER_STRONG_PASSWORD,
  signedUpCreator,
  STRONG_PASSWORD,
  type TestApp,
  SHIPPED_TERMS_ID,
} from '../../test/harness';

let context: TestApp;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

const HOUR = 3600 * 1000;
type ErrorBody = {
  error: { code: string; message: string; details?: { field: string; message: string }[]; requestId: string };
};

const signUp = (username: string, password = STRONG_PASSWORD, extra: Record<string, string> = {}) =>
  context.form('/api/auth/sign-up', {
    username,
    password,
    tncVersion: SHIPPED_TERMS_ID,
    deviceToken: '',
    ...extra,
  });

async function tableCounts() {
  const [accountRows] = await context.db.select({ value: count() }).from(accounts);
  const [tokenRows] = await context.db.select({ value: count() }).from(authTokens);
  const [emailRows] = await context.db.select({ value: count() }).from(emailOutbox);
  const [sessionRows] = await context.db.select({ value: count() }).from(sessions);
  const [historyRows] = await context.db.select({ value: count() }).from(passwordHistory);
  return [accountRows?.value, tokenRows?.value, emailRows?.value, sessionRows?.value, historyRows?.value];
}

describe('POST /api/auth/sign-up', () => {
  it('creates an unverified creator and emails a single verification link', async () => {
    const response = await signUp('New.Creator@Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Please check your email for further information',
      code: 'IG02S64MRC',
    });

    const [account] = await context.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'new.creator@example.com'));
    expect(account).toMatchObject({ role: 'Creator', status: 'ACTIVE', emailVerifiedAt: null });
    // Where the creator is in onboarding, and the terms they accepted, are the creator module's.
    const [creator] = await context.db
      .select()
      .from(creators)
      .where(eq(creators.accountId, account?.id ?? ''));
    expect(creator?.onboardingStatus).toBe('DATA_CAPTURE');
    const accepted = await context.db
      .select()
      .from(creatorTermsAcceptances)
      .where(eq(creatorTermsAcceptances.creatorId, account?.id ?? ''));
    expect(accepted.map((row) => row.documentId)).toEqual([SHIPPED_TERMS_ID]);
    expect(account?.passwordHash.startsWith('$argon2id$')).toBe(true);

    const emails = await context.emails.to('new.creator@example.com');
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Verify your email address');
    expect(emails[0]?.actionUrl).toMatch(/^http:\/\/app\.test\/verify\?hint=[A-Za-z0-9_-]{43}$/);
    expect(emails[0]?.textBody).toContain(emails[0]?.actionUrl);
  });

  it('answers a taken email exactly like a new one and emails the owner instead', async () => {
    const { email } = await signedUpCreator(context);
    const before = await tableCounts();
    const response = await signUp(email, OTHER_STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Please check your email for further information',
      code: 'IG02S64MRC',
    });
    const newest = (await context.emails.to(email))[0];
    expect(newest?.subject).toBe('Someone tried to sign up with your email address');
    expect(newest?.actionUrl).toBe('http://app.test/sign-in');
    const after = await tableCounts();
    expect(after[0]).toBe(before[0]);
  });

  it('sends a fresh verification link when the taken email was never verified', async () => {
    await signUp('unverified@example.com');
    await signUp('unverified@example.com');
    const emails = await context.emails.to('unverified@example.com');
    expect(emails.map((email) => email.subject)).toEqual([
      'Verify your email address',
      'Verify your email address',
    ]);
    expect(emails[0]?.actionUrl).not.toBe(emails[1]?.actionUrl);
  });

  it.each([
    ['Sh0rt!a', PASSWORD_MESSAGES.tooShort],
    [`Aa1!${'x'.repeat(252)}`, PASSWORD_MESSAGES.tooLong],
    ['alllowercase1!', PASSWORD_MESSAGES.tooWeak],
    ['ALLUPPERCASE1!', PASSWORD_MESSAGES.tooWeak],
    ['NoDigitsHere!', PASSWORD_MESSAGES.tooWeak],
    ['NoSpecial123', PASSWORD_MESSAGES.tooWeak],
    ['Aa1!Aa1!Aa1!', PASSWORD_MESSAGES.tooWeak],
  ])('refuses the password %j with the spec’s message and writes nothing', async (password, message) => {
    const before = await tableCounts();
    const response = await signUp('rules@example.com', password);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details?.find((detail) => detail.field === 'password')?.message).toBe(message);
    expect(await tableCounts()).toEqual(before);
  });

  it.each([
    ['Password123!', 'A1X8V5O7EN'],
    ['Football2024!', 'A1X8V5O7EN'],
    ['Qwerty123!', 'A1X8V5O7EN'],
    ['Jordan-Smith-99x', 'ZUCAHETDQ4'],
  ])('refuses the policy-breaking password %j with code %s', async (password, code) => {
    const before = await tableCounts();
    const response = await signUp('jordan-smith@example.com', password);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().error).toMatchObject({
      code,
      message: 'Please try a different password.',
      details: [{ field: 'password', message: 'Please try a different password.' }],
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('names every missing field with the required message', async () => {
    const response = await context.form('/api/auth/sign-up', {});
    expect(response.statusCode).toBe(400);
    const fields = response.json<ErrorBody>().error.details?.map((detail) => [detail.field, detail.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['username', 'This field is required'],
        ['password', 'This field is required'],
        ['tncVersion', 'This field is required'],
      ]),
    );
  });

  it('refuses a malformed email and an outdated terms version', async () => {
    const badEmail = await signUp('not-an-email');
    expect(badEmail.json<ErrorBody>().error.details).toEqual([
      { field: 'username', message: 'A valid email is required' },
    ]);
    const before = await tableCounts();
    for (const tncVersion of ['2019-01-01', randomUUID()]) {
      const unknownTerms = await signUp('terms@example.com', STRONG_PASSWORD, { tncVersion });
      expect(unknownTerms.statusCode).toBe(400);
      expect(unknownTerms.json<ErrorBody>().error.details).toEqual([
        { field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated },
      ]);
    }
    // The privacy policy is a published document too, but not the terms a creator accepts.
    const privacy = await signUp('terms@example.com', STRONG_PASSWORD, {
      tncVersion: '00000000-0000-4000-8000-000000000002',
    });
    expect(privacy.json<ErrorBody>().error.details).toEqual([
      { field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated },
    ]);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('bad input on every auth route', () => {
  const routes = [
    '/api/auth/sign-up',
    '/api/auth/verify',
    '/api/auth/sign-in',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
    '/api/auth/validate-token',
    '/api/setup/admin',
  ];

  it.each(routes)(
    '%s: JSON is refused with 415, a 1 MB body with 413, an empty body with 400',
    async (url) => {
      const before = await tableCounts();
      const json = await context.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"username":"a@b.co"}',
      });
      expect(json.statusCode).toBe(415);
      expect(json.json<ErrorBody>().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

      const text = await context.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode).toBe(415);

      const huge = await context.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${'a'.repeat(1024 * 1024)}`,
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json<ErrorBody>().error.code).toBe('PAYLOAD_TOO_LARGE');

      const empty = await context.app.inject({ method: 'POST', url });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<ErrorBody>().error.details?.[0]?.message).toBe('This field is required');

      const garbage = await context.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%%%&&&===\u0000',
      });
      expect(garbage.statusCode).toBe(400);
      expect(await tableCounts()).toEqual(before);
    },
  );

  it('puts the request id of the response in every error body', async () => {
    const response = await context.form('/api/auth/verify', {});
    expect(response.json<ErrorBody>().error.requestId).toBe(response.headers['x-request-id']);
  });
});

describe('POST /api/auth/verify', () => {
  it('verifies once; a second use, an unknown hint and an expired hint each get their own answer', async () => {
    await signUp('verify-me@example.com');
    const hint = await context.emails.latestHint('verify-me@example.com', '/verify');

    const first = await context.form('/api/auth/verify', { hint });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Verified' });
    const [account] = await context.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'verify-me@example.com'));
    expect(account?.emailVerifiedAt).not.toBeNull();

    const again = await context.form('/api/auth/verify', { hint });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error).toMatchObject({
      code: 'HINT_USED',
      message: 'This link has already been used.',
    });

    const unknown = await context.form('/api/auth/verify', { hint: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.code).toBe('HINT_INVALID');

    await signUp('too-late@example.com');
    const lateHint = await context.emails.latestHint('too-late@example.com', '/verify');
    context.clock.advance(24 * HOUR + 1000);
    const expired = await context.form('/api/auth/verify', { hint: lateHint });
    expect(expired.statusCode).toBe(410);
    expect(expired.json<ErrorBody>().error.code).toBe('HINT_EXPIRED');
    const [late] = await context.db.select().from(accounts).where(eq(accounts.email, 'too-late@example.com'));
    expect(late?.emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/auth/sign-in, refresh-token, sign-out and the profile', () => {
  it('signs in, reads the profile, refreshes, and signs out for good', async () => {
    const email = 'journey@example.com';
    await signUp(email);
    const signIn = await context.form('/api/auth/sign-in', {
      username: 'Journey@Example.com',
      password: STRONG_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const { id_token: token, expires_in: expiresIn } = signIn.json<{
      id_token: string;
      expires_in: number;
    }>();
    expect(token.split('.')).toHaveLength(3);
    expect(expiresIn).toBe(1800);

    const profile = await context.app.inject({
      url: '/server-api/creator/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email,
      emailVerified: false,
      status: 'DATA_CAPTURE',
      role: 'Creator',
    });

    const refreshed = await context.form('/api/auth/refresh-token', {}, token);
    expect(refreshed.statusCode).toBe(200);
    const freshToken = refreshed.json<{ id_token: string }>().id_token;

    const signOut = await context.form('/api/auth/sign-out', {}, freshToken);
    expect(signOut.statusCode).toBe(204);
    for (const stale of [token, freshToken]) {
      const after = await context.app.inject({
        url: '/server-api/creator/profile',
        headers: { authorization: `Bearer ${stale}` },
      });
      expect(after.statusCode).toBe(401);
      expect((await context.form('/api/auth/refresh-token', {}, stale)).statusCode).toBe(401);
    }
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const { email } = await signedUpCreator(context);
    const wrong = await context.form('/api/auth/sign-in', { username: email, password: 'Wrong-Password-1' });
    const unknown = await context.form('/api/auth/sign-in', {
      username: 'nobody@example.com',
      password: 'Wrong-Password-1',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().error).toMatchObject({
        code: 'QE4B9NJ8AD',
        message: 'The email or password is incorrect. Please try again.',
      });
    }
  });

  it('refuses missing, malformed, forged and expired bearer tokens with 401', async () => {
    const { token } = await signedUpCreator(context);
    const [header, payload] = token.split('.');
    const cases = [
      undefined,
      'Bearer',
      'Bearer not-a-jwt',
      `Bearer ${header}.${payload}.forgedsignature`,
      `Basic ${token}`,
    ];
    for (const authorization of cases) {
      const response = await context.app.inject({
        url: '/server-api/creator/profile',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().error.code).toBe('UNAUTHENTICATED');
    }
    const unknownRoute = await context.app.inject({ url: '/server-api/anything-else' });
    expect(unknownRoute.statusCode).toBe(401);

    context.clock.advance(31 * 60 * 1000);
    const expired = await context.app.inject({
      url: '/server-api/creator/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
  });

  it('ends a session after 24 hours without use even if tokens keep being minted', async () => {
    const { token } = await signedUpCreator(context);
    context.clock.advance(25 * HOUR);
    expect((await context.form('/api/auth/refresh-token', {}, token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a signed-in, unverified creator a new link, at most 5 an hour, and says Verified once done', async () => {
    const email = 'resend@example.com';
    await signUp(email);
    const signIn = await context.form('/api/auth/sign-in', { username: email, password: STRONG_PASSWORD });
    const token = signIn.json<{ id_token: string }>().id_token;

    expect((await context.form('/api/auth/resend-verification')).statusCode).toBe(401);
    const resent = await context.form('/api/auth/resend-verification', {}, token);
    expect(resent.json()).toEqual({ message: 'Email sent' });
    expect(await context.emails.to(email)).toHaveLength(2);

    for (let attempt = 0; attempt < 4; attempt += 1)
      await context.form('/api/auth/resend-verification', {}, token);
    const limited = await context.form('/api/auth/resend-verification', {}, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    await context.form('/api/auth/verify', { hint: await context.emails.latestHint(email, '/verify') });
    expect((await context.form('/api/auth/resend-verification', {}, token)).json()).toEqual({
      message: 'Verified',
    });
  });
});

describe('POST /api/auth/forgot-password, validate-token and reset-password', () => {
  it('always says Email sent, and only emails an existing account', async () => {
    const { email } = await signedUpCreator(context);
    const known = await context.form('/api/auth/forgot-password', { username: email });
    const unknown = await context.form('/api/auth/forgot-password', { username: 'ghost@example.com' });
    expect(known.json()).toEqual({ message: 'Email sent' });
    expect(unknown.json()).toEqual({ message: 'Email sent' });
    expect(await context.emails.to('ghost@example.com')).toHaveLength(0);
    expect((await context.emails.to(email))[0]?.subject).toBe('Reset your password');

    const invalid = await context.form('/api/auth/forgot-password', { username: 'nope' });
    expect(invalid.json<ErrorBody>().error.details).toEqual([
      { field: 'username', message: 'A valid email is required' },
    ]);
  });

  it('resets the password once, signs out every session, and enforces the password rules of DESIGN §6', async () => {
    const { email, token } = await signedUpCreator(context);
    await context.form('/api/auth/forgot-password', { username: email });
    const hint = await context.emails.latestHint(email, '/reset-password');

    expect((await context.form('/api/auth/validate-token', { token: hint })).json()).toEqual({
      message: 'TokenVerified',
    });

    const same = await context.form('/api/auth/reset-password', { hint, newPassword: STRONG_PASSWORD });
    expect(same.statusCode).toBe(422);
    expect(same.json<ErrorBody>().error.code).toBe('2HZSB8QE9Y');

    const weak = await context.form('/api/auth/reset-password', { hint, newPassword: 'weakpass' });
    expect(weak.json<ErrorBody>().error.details).toEqual([
      { field: 'newPassword', message: PASSWORD_MESSAGES.tooWeak },
    ]);

    const reset = await context.form('/api/auth/reset-password', {
      hint,
      newPassword: OTHER_STRONG_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'ResetSuccess' });

    expect(
      (
        await context.app.inject({
          url: '/server-api/creator/profile',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await context.form('/api/auth/sign-in', { username: email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await context.form('/api/auth/sign-in', { username: email, password: OTHER_STRONG_PASSWORD }))
        .statusCode,
    ).toBe(200);

    const reused = await context.form('/api/auth/reset-password', { hint, newPassword: 'Fresh-Meadow-77#' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json<ErrorBody>().error.code).toBe('HINT_USED');
    expect((await context.form('/api/auth/validate-token', { token: hint })).statusCode).toBe(409);

    await context.form('/api/auth/forgot-password', { username: email });
    const secondHint = await context.emails.latestHint(email, '/reset-password');
    const tooSoon = await context.form('/api/auth/reset-password', {
      hint: secondHint,
      newPassword: 'Fresh-Meadow-77#',
    });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json<ErrorBody>().error).toMatchObject({
      code: 'R72BIWFZV4',
      message: 'Your password cannot be changed until the minimum password age has been reached.',
    });

    context.clock.advance(24 * HOUR + 1000);
    await context.form('/api/auth/forgot-password', { username: email });
    const thirdHint = await context.emails.latestHint(email, '/reset-password');
    const previous = await context.form('/api/auth/reset-password', {
      hint: thirdHint,
      newPassword: STRONG_PASSWORD,
    });
    expect(previous.json<ErrorBody>().error.code).toBe('YT4W98VRST');
    const common = await context.form('/api/auth/reset-password', {
      hint: thirdHint,
      newPassword: 'Sunshine2024!',
    });
    expect(common.json<ErrorBody>().error.code).toBe('A1X8V5O7EN');
    const fine = await context.form('/api/auth/reset-password', {
      hint: thirdHint,
      newPassword: 'Fresh-Meadow-77#',
    });
    expect(fine.statusCode).toBe(200);
  });

  it('answers 410 for an expired reset hint and 400 for an unknown one', async () => {
    const { email } = await signedUpCreator(context);
    await context.form('/api/auth/forgot-password', { username: email });
    const hint = await context.emails.latestHint(email, '/reset-password');
    context.clock.advance(HOUR + 1000);
    for (const url of ['/api/auth/validate-token', '/api/auth/reset-password']) {
      const response = await context.form(url, { token: hint, hint, newPassword: 'Fresh-Meadow-77#' });
      expect(response.statusCode).toBe(410);
    }
    const unknown = await context.form('/api/auth/validate-token', { token: 'unknown-token' });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await context.form('/api/auth/sign-in', { username: email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('housekeeping', () => {
  it('removes sessions a week after they ended and link tokens a month after they expired', async () => {
    const { token } = await signedUpCreator(context, 'housekeeping@example.com');
    await context.form('/api/auth/sign-out', {}, token);
    const before = await tableCounts();
    context.clock.advance(31 * 24 * HOUR);
    const purged = await context.services.auth.purgeEnded();
    expect(purged.sessions).toBeGreaterThan(0);
    expect(purged.tokens).toBeGreaterThan(0);
    const after = await tableCounts();
    expect(after[3]).toBeLessThan(before[3] ?? 0);
    expect(after[1]).toBeLessThan(before[1] ?? 0);
    expect(after[0]).toBe(before[0]);
  });
});

describe('what the logs never contain', () => {
  it('has no password, hint or token in any log line', async () => {
    const { email, token } = await signedUpCreator(context, 'logcheck@example.com', 'Secret-Harbour-84!');
    await context.form('/api/auth/forgot-password', { username: email });
    const hint = await context.emails.latestHint(email, '/reset-password');
    await context.form('/api/auth/validate-token', { token: hint });
    await context.form('/api/auth/sign-in', { username: email, password: 'Wrong-Harbour-84!' });
    await context.app.inject({ url: `/verify?hint=${hint}` });
    const logs = context.logText();
    expect(logs).toContain('/verify?hint=[redacted]');
    for (const secret of [
      'Secret-Harbour-84!',
      'Wrong-Harbour-84!',
      hint,
      token,
      token.split('.')[2] ?? token,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('emails are one account however they are typed', () => {
  it('treats a full-width (NFKC) address as the same account for sign-in, sign-up and reset', async () => {
    const { password } = await signedUpCreator(context, 'admin.nfkc@example.com');
    const fullWidth = 'Ａｄｍｉｎ.ｎｆｋｃ@ｅｘａｍｐｌｅ.ｃｏｍ';
    const signIn = await context.form('/api/auth/sign-in', { username: fullWidth, password });
    expect(signIn.statusCode).toBe(200);

    const before = await context.rowCounts();
    const again = await signUp(fullWidth);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.checkYourEmail, code: 'IG02S64MRC' });
    expect((await context.rowCounts()).accounts).toBe(before.accounts);
    expect((await context.emails.to('admin.nfkc@example.com'))[0]?.subject).toBe(
      'Someone tried to sign up with your email address',
    );

    await context.form('/api/auth/forgot-password', {
      username: 'ａｄｍｉｎ．ｎｆｋｃ＠ｅｘａｍｐｌｅ．ｃｏｍ',
    });
    expect((await context.emails.to('admin.nfkc@example.com'))[0]?.subject).toBe('Reset your password');
  });

  it('brings addresses stored before the rule in line when it upgrades, leaving clashing ones alone', async () => {
    const now = new Date();
    const row = (email: string) => ({
      id: randomUUID(),
      email,
      role: 'Creator' as const,
      status: 'ACTIVE' as const,
      passwordHash: 'x',
      passwordChangedAt: now,
      createdAt: now,
    });
    const rows = [
      row('ｌｅｇａｃｙ@example.com'),
      row('ＣＬＡＳＨ@example.com'),
      row('ｃｌａｓｈ@example.com'),
      row('taken@example.com'),
      row('ｔａｋｅｎ@example.com'),
    ];
    await context.db.insert(accounts).values(rows);
    const migration = readFileSync(
      new URL('../../db/migrations/0001_normalize-emails.sql', import.meta.url),
      'utf8',
    );
    await context.db.execute(sql.raw(migration));
    const stored = await context.db
      .select({ id: accounts.id, email: accounts.email })
      .from(accounts)
      .where(
        inArray(
          accounts.id,
          rows.map((candidate) => candidate.id),
        ),
      );
    const emailOf = (id: string) => stored.find((candidate) => candidate.id === id)?.email;
    expect(emailOf(rows[0]!.id)).toBe('legacy@example.com');
    expect([emailOf(rows[1]!.id), emailOf(rows[2]!.id)]).toEqual([
      'ＣＬＡＳＨ@example.com',
      'ｃｌａｓｈ@example.com',
    ]);
    expect([emailOf(rows[3]!.id), emailOf(rows[4]!.id)]).toEqual([
      'taken@example.com',
      'ｔａｋｅｎ@example.com',
    ]);
  });
});
