import { randomBytes } from 'node:crypto';
import {
  startFakeHttpServer,
  type FakeHandler,
  type FakeReply,
  type RecordedRequest,
} from '../fake-http-server';

/** A business as HMRC's "Check a UK VAT number" v2.0 returns it in `target`. */
export type HmrcRegisteredBusiness = {
  name: string;
  vatNumber: string;
  address: {
    line1: string;
    line2?: string;
    line3?: string;
    line4?: string;
    postcode?: string;
    countryCode: string;
  };
};

export type FakeHmrcOptions = {
  clientId: string;
  clientSecret: string;
  registered: HmrcRegisteredBusiness[];
  /** What the token endpoint states as `expires_in`; HMRC's tokens last 4 hours. */
  tokenLifetimeSeconds?: number;
  processingDate?: string;
};

export const FAKE_HMRC_ACCEPT = 'application/vnd.hmrc.2.0+json';
const LOOKUP_PATH = /^\/organisations\/vat\/check-vat-number\/lookup\/([^/?]+)$/;

/** HMRC's documented error bodies, as its API platform and this API send them. */
export const HMRC_ERRORS = {
  missingCredentials: { code: 'MISSING_CREDENTIALS', message: 'Authentication information is not provided' },
  invalidCredentials: { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' },
  acceptHeaderInvalid: { code: 'ACCEPT_HEADER_INVALID', message: 'The accept header is missing or invalid' },
  invalidRequest: {
    code: 'INVALID_REQUEST',
    message: 'Invalid targetVrn - Vrn parameters should be 9 or 12 digits',
  },
  notFound: { code: 'NOT_FOUND', message: 'targetVrn does not match a registered company' },
  throttled: {
    code: 'MESSAGE_THROTTLED_OUT',
    message: 'The request for the API is throttled as you have exceeded your quota.',
  },
  internalServerError: { code: 'INTERNAL_SERVER_ERROR', message: 'Unknown error' },
  noSuchResource: {
    code: 'MATCHING_RESOURCE_NOT_FOUND',
    message: 'A resource with the name in the request can not be found in the API',
  },
  invalidClient: { error: 'invalid_client', error_description: 'invalid client id or secret' },
  unsupportedGrantType: {
    error: 'unsupported_grant_type',
    error_description: 'grant type is not supported',
  },
} as const;

/**
 * HMRC's OAuth token endpoint and VAT lookup on 127.0.0.1, answering in the shapes HMRC documents. Tokens
 * stay live until `revokeTokens()`, as a token HMRC revoked or expired early would be refused.
 */
export async function startFakeHmrc(options: FakeHmrcOptions) {
  const liveTokens = new Set<string>();
  const issuedTokens: string[] = [];
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 14_400;
  const processingDate = options.processingDate ?? '2026-11-21T09:00:00+00:00';

  const issueToken = (request: RecordedRequest): FakeReply => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials') {
      return { status: 400, body: HMRC_ERRORS.unsupportedGrantType };
    }
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return { status: 401, body: HMRC_ERRORS.invalidClient };
    }
    const token = randomBytes(16).toString('hex');
    liveTokens.add(token);
    issuedTokens.push(token);
    return {
      status: 200,
      body: { access_token: token, scope: '', token_type: 'bearer', expires_in: tokenLifetimeSeconds },
    };
  };

  const lookUp = (request: RecordedRequest, targetVrn: string): FakeReply => {
    if (request.headers.accept !== FAKE_HMRC_ACCEPT)
      return { status: 406, body: HMRC_ERRORS.acceptHeaderInvalid };
    const authorization = request.headers.authorization;
    if (!authorization) return { status: 401, body: HMRC_ERRORS.missingCredentials };
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!token || !liveTokens.has(token)) return { status: 401, body: HMRC_ERRORS.invalidCredentials };
    if (!/^\d{9}(?:\d{3})?$/.test(targetVrn)) return { status: 400, body: HMRC_ERRORS.invalidRequest };
    const business = options.registered.find((candidate) => candidate.vatNumber === targetVrn.slice(0, 9));
    if (!business) return { status: 404, body: HMRC_ERRORS.notFound };
    return { status: 200, body: { target: business, processingDate } };
  };

  const documented: FakeHandler = (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/oauth/token') return issueToken(request);
    const targetVrn = LOOKUP_PATH.exec(path)?.[1];
    if (request.method === 'GET' && targetVrn) return lookUp(request, decodeURIComponent(targetVrn));
    return { status: 404, body: HMRC_ERRORS.noSuchResource };
  };

  const server = await startFakeHttpServer(documented);
  return {
    url: server.url,
    requests: server.requests,
    tokenRequests: () => server.requests.filter((request) => request.url.startsWith('/oauth/token')),
    lookupRequests: () =>
      server.requests.filter((request) => LOOKUP_PATH.test(request.url.split('?')[0] ?? '')),
    issuedTokens,
    /** Every token issued so far is refused from now on. */
    revokeTokens: () => liveTokens.clear(),
    /** HMRC's documented behaviour, for a test's own handler to fall back on. */
    documented,
    respondWith: (handler: FakeHandler) => server.respondWith(handler),
    close: () => server.close(),
  };
}
export type FakeHmrc = Awaited<ReturnType<typeof startFakeHmrc>>;
