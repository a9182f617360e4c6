import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access } from '@platform/shared';
import type { RequestUser } from '../principal';
import { declarePublicRoutes, registerAccess } from './access';
import { registerErrorHandling } from './errors';

const ADMIN: RequestUser = {
  accountId: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000002',
  role: 'Admin',
  email: 'admin@example.com',
  status: 'ACTIVE',
  onboardingStatus: null,
  emailVerified: true,
};

function appWithAccess() {
  const app = Fastify();
  registerErrorHandling(app, undefined);
  registerAccess(app, {
    authenticate: async (token) => (token === 'admin' ? ADMIN : null),
    resolveScope: async () => [],
  });
  return app;
}

describe('route access declarations', () => {
  it('stop the server at start when a route declares none, naming the route', async () => {
    const app = appWithAccess();
    app.get('/server-api/declared', { config: { access: access.signedIn } }, () => ({ ok: true }));
    app.post('/server-api/marketing/forgotten', () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/declare none: POST \/server-api\/marketing\/forgotten/);
  });

  it('start when every route declares its access, and enforce each declaration', async () => {
    const app = appWithAccess();
    app.get('/server-api/open', { config: { access: access.public } }, () => ({ ok: true }));
    app.get(
      '/server-api/staff-only',
      { config: { access: access.staff('READ', 'USER', { scoped: false }) } },
      () => ({
        ok: true,
      }),
    );
    app.get('/server-api/creators-only', { config: { access: access.creator } }, () => ({ ok: true }));
    await app.register(async (child) => {
      declarePublicRoutes(child);
      child.get('/plugin-owned', () => ({ ok: true }));
    });
    await app.ready();
    const as = (url: string, token?: string) =>
      app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await as('/server-api/open')).statusCode).toBe(200);
    expect((await as('/plugin-owned')).statusCode).toBe(200);
    expect((await as('/server-api/staff-only')).statusCode).toBe(401);
    expect((await as('/server-api/staff-only', 'admin')).statusCode).toBe(200);
    expect((await as('/server-api/creators-only', 'admin')).statusCode).toBe(403);
    expect((await as('/server-api/no-such-route')).statusCode).toBe(401);
    await app.close();
  });
});
