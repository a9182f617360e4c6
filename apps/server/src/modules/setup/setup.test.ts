import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness';

let context: TestApp;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

describe('first-run Admin setup', () => {
  it('is open until the first Admin is created with the one-time link, then closes for good', async () => {
    expect((await context.app.inject({ url: '/api/setup/status' })).json()).toEqual({ open: true });

    const staleLink = await context.services.auth.issueFirstAdminSetupLink();
    const link = await context.services.auth.issueFirstAdminSetupLink();
    expect(link).toMatch(/^http:\/\/app\.test\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const staleToken = new URL(staleLink ?? '').searchParams.get('token') ?? '';

    const wrong = await context.form('/api/setup/admin', {
      token: 'guess',
      email: 'admin@example.com',
      password: STRONG_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().error.code).toBe('HINT_INVALID');

    const replaced = await context.form('/api/setup/admin', {
      token: staleToken,
      email: 'admin@example.com',
      password: STRONG_PASSWORD,
    });
    expect(replaced.statusCode).toBe(410);

    const weak = await context.form('/api/setup/admin', {
      token,
      email: 'admin@example.com',
      password: 'password',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().error.details?.[0]?.field).toBe('password');

    const created = await context.form('/api/setup/admin', {
      token,
      email: 'Admin@Example.com',
      password: STRONG_PASSWORD,
    });
    expect(created.statusCode).toBe(201);

    expect((await context.app.inject({ url: '/api/setup/status' })).json()).toEqual({ open: false });
    expect(await context.services.auth.issueFirstAdminSetupLink()).toBeNull();

    const again = await context.form('/api/setup/admin', {
      token,
      email: 'second@example.com',
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.code).toBe('SETUP_CLOSED');

    const signIn = await context.form('/api/auth/sign-in', {
      username: 'admin@example.com',
      password: STRONG_PASSWORD,
    });
    const idToken = signIn.json<{ id_token: string }>().id_token;
    const profile = await context.app.inject({
      url: '/server-api/creator/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(profile.json()).toMatchObject({
      email: 'admin@example.com',
      role: 'Admin',
      emailVerified: true,
      status: 'ACTIVE',
    });
  });
});
