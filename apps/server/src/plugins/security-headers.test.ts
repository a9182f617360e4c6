import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersFor, securityHeadersWithOnfido } from './security-headers';

const request = (url: string, protocol: 'http' | 'https' = 'http') => ({ url, protocol }) as FastifyRequest;

describe('security headers', () => {
  it('let no page load a script from elsewhere or use the camera, by default', () => {
    const page = securityHeadersFor(request('/sign-up'));
    expect(page['content-security-policy']).toContain("script-src 'self';");
    expect(page['content-security-policy']).not.toContain('onfido');
    expect(page['permissions-policy']).toContain('camera=()');
  });

  it('let pages load Onfido’s SDK and use the camera when Onfido checks identities, and nothing more', () => {
    const headersFor = securityHeadersWithOnfido();
    const page = headersFor(request('/'));
    const policy = page['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self' https://sdk.onfido.com https://*.onfido.com;");
    expect(policy).toContain("connect-src 'self' https://sdk.onfido.com https://*.onfido.com;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page['permissions-policy']).toContain('camera=(self)');
    expect(page['permissions-policy']).toContain('microphone=()');
    // API answers are never documents: they keep the short set whatever the pages allow.
    expect(headersFor(request('/server-api/creator/get-info'))).toEqual(
      securityHeadersFor(request('/server-api/creator/get-info')),
    );
    expect(headersFor(request('/', 'https'))['strict-transport-security']).toBeDefined();
  });
});
