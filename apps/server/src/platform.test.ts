import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let context: TestApp;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

describe('the platform around the routes', () => {
  it('reports liveness and readiness', async () => {
    expect((await context.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await context.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sends strict security headers and a request id on every response', async () => {
    const api = await context.app.inject({ url: '/healthz' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const page = await context.app.inject({ url: '/campaigns/not-built-here' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI document in which every route has request and response schemas', async () => {
    const document = (await context.app.inject({ url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    const expected = [
      '/api/auth/sign-up',
      '/api/auth/verify',
      '/api/auth/sign-in',
      '/api/auth/refresh-token',
      '/api/auth/sign-out',
      '/api/auth/resend-verification',
      '/api/auth/forgot-password',
      '/api/auth/validate-token',
      '/api/auth/reset-password',
      '/api/setup/admin',
    ];
    for (const path of expected) {
      const operation = document.paths[path]?.post;
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation?.responses ?? {})).toContain(
        path.endsWith('sign-out') ? '204' : path.endsWith('admin') ? '201' : '200',
      );
    }
    expect(document.paths['/api/auth/sign-up']?.post?.requestBody).toHaveProperty([
      'content',
      'application/x-www-form-urlencoded',
    ]);
    expect(document.paths['/server-api/creator/profile']?.get?.responses).toHaveProperty('200');
    expect((await context.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown routes with the error format', async () => {
    const response = await context.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'NOT_FOUND', requestId: response.headers['x-request-id'] },
    });
  });
});
