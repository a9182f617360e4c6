import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersFor, securityHeadersWith } from './security-headers';

const request = (url: string, protocol: 'http' | 'https' = 'http') => ({ url, protocol }) as FastifyRequest;

describe('security headers', () => {
  it('let no page load a script from elsewhere or use the camera, by default', () => {
    const page = securityHeadersFor(request('/sign-up'));
    expect(page['content-security-policy']).toContain("script-src 'self';");
    expect(page['content-security-policy']).not.toContain('onfido');
    expect(page['permissions-policy']).toContain('camera=()');
  });

  it('let pages load Onfido’s SDK and use the camera when Onfido checks identities, and nothing more', () => {
    const headersFor = securityHeadersWith({ onfido: true });
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

  it('let pages upload to and show files from the S3 bucket’s origin, and run nothing from it', () => {
    const bucket = 'https://campaign-files.s3.eu-west-2.amazonaws.com';
    const headersFor = securityHeadersWith({ onfido: false, fileOrigin: bucket });
    const directives = (headersFor(request('/console/campaigns'))['content-security-policy'] ?? '').split(
      ';',
    );
    expect(directives).toEqual(
      expect.arrayContaining([
        `connect-src 'self' ${bucket}`,
        `img-src 'self' data: blob: ${bucket}`,
        `media-src 'self' ${bucket}`,
        "script-src 'self'",
      ]),
    );
    expect(directives.some((directive) => directive.startsWith('frame-src'))).toBe(false);
    expect(headersFor(request('/'))['permissions-policy']).toContain('camera=()');
    expect(headersFor(request('/server-api/creator/get-info'))).toEqual(
      securityHeadersFor(request('/server-api/creator/get-info')),
    );
    const withOnfido = securityHeadersWith({ onfido: true, fileOrigin: bucket })(request('/'));
    expect(withOnfido['content-security-policy']).toContain(
      `connect-src 'self' https://sdk.onfido.com https://*.onfido.com ${bucket};`,
    );
  });

  it('keep the strict default when files stay on the platform and Onfido is not used', () => {
    expect(securityHeadersWith({ onfido: false })).toBe(securityHeadersFor);
  });
});
