import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './paths';

/**
 * Strict by default. Styles allow inline because the UI library sets CSS variables at run time;
 * scripts never do. No referrer leaves the site, since links carry one-time tokens.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
};

/** Browser features no page of the platform uses, switched off for the page and anything it embeds. */
const UNUSED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
];
const permissionsPolicy = (allowedHere: readonly string[]) =>
  UNUSED_FEATURES.map((feature) => `${feature}=${allowedHere.includes(feature) ? '(self)' : '()'}`).join(
    ', ',
  );
const PERMISSIONS_POLICY = permissionsPolicy([]);

/**
 * Onfido's web SDK (when Onfido checks identities) is a script from its own CDN that talks to its API and
 * takes photos with the camera: the pages allow exactly those, and nothing else from outside.
 */
const ONFIDO_SOURCES = ['https://sdk.onfido.com', 'https://*.onfido.com'];

const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The page policy with Onfido's SDK allowed, and with the origin files are kept at when it is not the
 * platform's own (an S3 bucket): browsers upload there (connect) and show the pictures, video and audio
 * of signed links from there; no script or frame ever comes from it.
 */
function withSources(options: { onfido: boolean; fileOrigin: string | undefined }): HelmetOptions {
  const directives: Record<string, string[] | null> = {
    ...(HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[] | null> }).directives,
  };
  const add = (name: string, sources: readonly string[]) => {
    directives[name] = [...(directives[name] ?? ["'self'"]), ...sources];
  };
  if (options.onfido) {
    add('scriptSrc', ONFIDO_SOURCES);
    add('connectSrc', ONFIDO_SOURCES);
    add('imgSrc', ONFIDO_SOURCES);
    add('mediaSrc', [...ONFIDO_SOURCES, 'blob:']);
    add('frameSrc', ONFIDO_SOURCES);
    add('workerSrc', ['blob:']);
  }
  if (options.fileOrigin) {
    add('connectSrc', [options.fileOrigin]);
    add('imgSrc', [options.fileOrigin]);
    add('mediaSrc', [options.fileOrigin]);
  }
  return { ...HELMET_OPTIONS, contentSecurityPolicy: { directives } };
}

/** helmet's headers depend on its options alone, so they are worked out once rather than per request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

const COMMON = {
  'permissions-policy': PERMISSIONS_POLICY,
  // API answers carry tokens and personal data; static files and pages set their own caching.
  'cache-control': 'no-store',
};

/** Pages, static files and the API explorer: every header a browser applies to a document. */
const FOR_DOCUMENTS: Readonly<Record<string, string>> = Object.freeze({
  ...helmetHeaders(HELMET_OPTIONS),
  ...COMMON,
});

/**
 * JSON answers are never rendered as documents, so they get the short set OWASP recommends for APIs
 * (a CSP that allows nothing, no framing, no sniffing), not the page headers: a kilobyte less per answer.
 */
const FOR_API: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  ...COMMON,
});

const withHsts = (headers: Readonly<Record<string, string>>) =>
  Object.freeze({ ...headers, 'strict-transport-security': STRICT_TRANSPORT_SECURITY });
const FOR_DOCUMENTS_OVER_HTTPS = withHsts(FOR_DOCUMENTS);
const FOR_API_OVER_HTTPS = withHsts(FOR_API);

export type SecurityHeadersFor = (request: FastifyRequest) => Readonly<Record<string, string>>;

/**
 * The headers for this request. HSTS only over HTTPS: the connection's own, or the proxy's
 * `X-Forwarded-Proto` when TRUST_PROXY says the proxy is to be believed.
 */
export const securityHeadersFor: SecurityHeadersFor = (request) => {
  const https = request.protocol === 'https';
  if (isApiPath(request.url)) return https ? FOR_API_OVER_HTTPS : FOR_API;
  return https ? FOR_DOCUMENTS_OVER_HTTPS : FOR_DOCUMENTS;
};

/**
 * The headers for what is configured: when Onfido checks identities, the pages may load its SDK and use
 * the camera; when files are kept at another origin (S3), the pages may upload there and show files from
 * there. Neither: the strict default.
 */
export function securityHeadersWith(options: {
  onfido: boolean;
  fileOrigin?: string | undefined;
}): SecurityHeadersFor {
  const { onfido, fileOrigin } = options;
  if (!onfido && !fileOrigin) return securityHeadersFor;
  const documents = Object.freeze({
    ...helmetHeaders(withSources({ onfido, fileOrigin })),
    ...COMMON,
    ...(onfido ? { 'permissions-policy': permissionsPolicy(['camera']) } : {}),
  });
  const documentsOverHttps = withHsts(documents);
  return (request) => {
    const https = request.protocol === 'https';
    if (isApiPath(request.url)) return https ? FOR_API_OVER_HTTPS : FOR_API;
    return https ? documentsOverHttps : documents;
  };
}

/** The headers of a response written before any request exists (a refused connection). */
export const BARE_SECURITY_HEADERS = FOR_API;

export function registerSecurityHeaders(
  app: FastifyInstance,
  headersFor: SecurityHeadersFor = securityHeadersFor,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersFor(request));
    done();
  });
}
