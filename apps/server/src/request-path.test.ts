import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@platform/shared';
import type { PasswordHasher } from './modules/auth/auth.passwords';
import { argon2Hasher } from './modules/auth/auth.passwords';
import {
  createTestApp,
  signedUpCreator,
  STRONG_PASSWORD,
  type TestApp,
  SHIPPED_TERMS_ID,
} from './test/harness';

const SESSION_SECRET = 'a-test-signing-key-that-is-long-enough-0123456789';

let context: TestApp;
beforeAll(async () => {
  context = await createTestApp({ environment: { SESSION_SECRET } });
});
afterAll(async () => {
  await context?.close();
});

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorResponse>().error;

describe('control characters in text input', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['/api/auth/sign-in', { username: '\u0000', password: 'x' }, 'username'],
    ['/api/auth/sign-in', { username: 'someone@example.com', password: 'pass\u0000word' }, 'password'],
    [
      '/api/auth/sign-up',
      { username: 'a\u0000@example.com', password: STRONG_PASSWORD, tncVersion: SHIPPED_TERMS_ID },
      'username',
    ],
    [
      '/api/auth/sign-up',
      {
        username: 'device@example.com',
        password: STRONG_PASSWORD,
        tncVersion: SHIPPED_TERMS_ID,
        deviceToken: '\u0000',
      },
      'deviceToken',
    ],
    ['/api/auth/forgot-password', { username: 'a\u0000@example.com' }, 'username'],
    ['/api/auth/verify', { hint: 'abc\u001bdef' }, 'hint'],
    ['/api/auth/validate-token', { token: '\u007f' }, 'token'],
    ['/api/auth/sign-in', { username: 'someone@example.com\u0085', password: 'x' }, 'username'],
  ];

  it.each(cases)('%s refuses %j with 400 naming the field, and writes nothing', async (url, body, field) => {
    const before = await context.rowCounts();
    const response = await context.form(url, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field, message: 'This field contains invisible characters that are not allowed' }],
      requestId: response.headers['x-request-id'],
    });
    expect(await context.rowCounts()).toEqual(before);
  });

  it('refuses control characters in the query string and in JSON bodies too', async () => {
    const { token } = await signedUpCreator(context);
    const query = await context.app.inject({
      url: '/server-api/creator/profile?filter=%00',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(query.statusCode).toBe(400);
    expect(errorOf(query).details).toEqual([
      { field: 'filter', message: 'This field contains invisible characters that are not allowed' },
    ]);
    const json = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', nested: { list: ['ok', 'bad\u0000'] } }),
    });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).details).toEqual([
      { field: 'nested.list.1', message: 'This field contains invisible characters that are not allowed' },
    ]);
  });

  it('keeps tabs and line breaks, which multi-line text needs', async () => {
    const response = await context.form('/api/auth/sign-in', {
      username: 'tab@example.com',
      password: 'with\ttab\nand line',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a failing query', () => {
  it('answers 500 in the error format and logs neither the parameters, the hash, the email nor the device token', async () => {
    const brokenHash = `$argon2id$v=19$m=19456,t=2,p=1$broken-salt-${randomUUID()}\u0000`;
    const brokenHasher: PasswordHasher = {
      hash: async () => brokenHash,
      verify: (passwordHash, password) => argon2Hasher.verify(passwordHash, password),
    };
    const failing = await createTestApp({ hasher: brokenHasher });
    try {
      const email = `leak-check-${randomUUID().slice(0, 8)}@example.com`;
      const deviceToken = `device-${randomUUID()}`;
      const response = await failing.form('/api/auth/sign-up', {
        username: email,
        password: STRONG_PASSWORD,
        tncVersion: SHIPPED_TERMS_ID,
        deviceToken,
      });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toMatchObject({
        code: 'INTERNAL',
        requestId: response.headers['x-request-id'],
      });
      const logs = failing.logText();
      expect(logs).toContain('"msg":"request failed"');
      expect(logs).toContain(response.headers['x-request-id']);
      expect(logs).toContain('22021');
      for (const secret of [brokenHash.slice(0, -1), 'broken-salt', email, deviceToken, STRONG_PASSWORD]) {
        expect(logs).not.toContain(secret);
      }
      expect(logs).not.toContain('params');
    } finally {
      await failing.close();
    }
  });
});

describe('bearer tokens', () => {
  const sign = async (claims: Record<string, unknown>, options: { iat?: number; exp?: number | null }) => {
    const now = Math.floor(context.clock.now().getTime() / 1000);
    let builder = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('campaign-platform');
    if (options.iat !== undefined) builder = builder.setIssuedAt(now + options.iat);
    if (options.exp !== null) builder = builder.setExpirationTime(now + (options.exp ?? 1800));
    return builder.sign(new TextEncoder().encode(SESSION_SECRET));
  };

  it('answers 401 for a session id or subject that is not a UUID, and for claims outside the session policy', async () => {
    const { token } = await signedUpCreator(context);
    const genuine = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
      sid: string;
      role: string;
    };
    const valid = { sub: genuine.sub, sid: genuine.sid, role: genuine.role };
    const forged = [
      await sign({ ...valid, sid: 'not-a-uuid' }, { iat: 0 }),
      await sign({ ...valid, sid: "1' or '1'='1" }, { iat: 0 }),
      await sign({ ...valid, sub: 'not-a-uuid' }, { iat: 0 }),
      await sign({ ...valid, role: 'Emperor' }, { iat: 0 }),
      await sign(valid, { iat: 0, exp: null }),
      await sign(valid, { iat: 0, exp: 10 * 365 * 24 * 3600 }),
      await sign(valid, { iat: 0, exp: 31 * 60 }),
      await sign(valid, { iat: 3600, exp: 3600 + 1800 }),
      await sign(valid, { exp: 1800 }),
    ];
    for (const forgedToken of forged) {
      const response = await context.app.inject({
        url: '/server-api/creator/profile',
        headers: { authorization: `Bearer ${forgedToken}` },
      });
      expect(response.statusCode, forgedToken).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    const control = await context.app.inject({
      url: '/server-api/creator/profile',
      headers: { authorization: `Bearer ${await sign(valid, { iat: 0 })}` },
    });
    expect(control.statusCode).toBe(200);
  });
});

describe('response headers', () => {
  it('marks every API response no-store, with or without a token in it', async () => {
    const { email, password, token } = await signedUpCreator(context);
    const signIn = await context.form('/api/auth/sign-in', { username: email, password });
    const profile = await context.app.inject({
      url: '/server-api/creator/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    const failed = await context.form('/api/auth/sign-in', { username: email, password: 'Wrong-Pass-1!' });
    const unknown = await context.app.inject({ url: '/api/nothing-here' });
    for (const response of [signIn, profile, failed, unknown]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends a Permissions-Policy, and HSTS only over HTTPS', async () => {
    const plain = await context.app.inject({ url: '/healthz' });
    expect(plain.headers['permissions-policy']).toContain('camera=()');
    expect(plain.headers['permissions-policy']).toContain('geolocation=()');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await context.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ environment: { TRUST_PROXY: 'true' } });
    try {
      const secure = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const insecure = await proxied.app.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('gives /docs the same strict CSP as the app, and serves it in production only when API_DOCS=true', async () => {
    const appPolicy = (await context.app.inject({ url: '/campaigns' })).headers['content-security-policy'];
    expect(appPolicy).toContain("script-src 'self'");
    const docs = await context.app.inject({ url: '/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toBe(appPolicy);

    const production = await createTestApp({ environment: { NODE_ENV: 'production' } });
    const documented = await createTestApp({ environment: { NODE_ENV: 'production', API_DOCS: 'true' } });
    try {
      for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
        const hidden = await production.app.inject({ url });
        expect(hidden.statusCode, url).toBe(404);
        expect(errorOf(hidden).code).toBe('NOT_FOUND');
      }
      expect((await documented.app.inject({ url: '/docs/json' })).statusCode).toBe(200);
    } finally {
      await production.close();
      await documented.close();
    }
  });
});
