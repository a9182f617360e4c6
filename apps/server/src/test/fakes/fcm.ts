import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { createFcmPushSender } from '../../adapters/push/fcm-push-sender';
import type { PushSender } from '../../adapters/push/push-sender';
import { startFakeHttpServer, type FakeReply, type RecordedRequest } from '../fake-http-server';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

type FieldViolation = { field: string; description: string };

/** The error body FCM HTTP v1 answers with (google.rpc.Status, with FCM's own code in `details`). */
export function fcmError(
  status: number,
  grpcStatus: string,
  message: string,
  extra: { errorCode?: string; fieldViolations?: FieldViolation[]; headers?: Record<string, string> } = {},
): FakeReply {
  const details: object[] = [];
  if (extra.errorCode) {
    details.push({
      '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
      errorCode: extra.errorCode,
    });
  }
  if (extra.fieldViolations) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: extra.fieldViolations,
    });
  }
  return {
    status,
    ...(extra.headers ? { headers: extra.headers } : {}),
    body: { error: { code: status, message, status: grpcStatus, ...(details.length ? { details } : {}) } },
  };
}

/** Errors as FCM words them, for tests to answer with. */
export const fcmErrors = {
  quotaExceeded: (retryAfterSeconds?: number) =>
    fcmError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Send requests'.", {
      errorCode: 'QUOTA_EXCEEDED',
      ...(retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(retryAfterSeconds) } }),
    }),
  unavailable: (retryAfterSeconds?: number) =>
    fcmError(503, 'UNAVAILABLE', 'The service is currently unavailable.', {
      errorCode: 'UNAVAILABLE',
      ...(retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(retryAfterSeconds) } }),
    }),
  internal: () => fcmError(500, 'INTERNAL', 'Internal error encountered.', { errorCode: 'INTERNAL' }),
  unauthenticated: () =>
    fcmError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    ),
  thirdPartyAuth: () =>
    fcmError(401, 'UNAUTHENTICATED', 'Auth error from APNS or Web Push Service', {
      errorCode: 'THIRD_PARTY_AUTH_ERROR',
    }),
  /** A fault in the message rather than the token, such as a data value that is not a string. */
  payloadInvalid: (field: string) =>
    fcmError(400, 'INVALID_ARGUMENT', `Invalid value at '${field}' (TYPE_STRING)`, {
      errorCode: 'INVALID_ARGUMENT',
      fieldViolations: [{ field, description: `Invalid value at '${field}' (TYPE_STRING)` }],
    }),
};

export type DeliveredMessage = { token: string; notification?: unknown; data?: unknown };

/**
 * Google's OAuth token endpoint and FCM HTTP v1 on loopback. The token endpoint verifies the signed
 * assertion as Google does (RS256 signature against the service account's public key, `iss`, `aud`,
 * `scope`, a lifetime of at most an hour) and issues access tokens; the send endpoint accepts only
 * those, and knows which device tokens are live, dead or another project's. A test may replace the
 * next answer of either endpoint or hold it back.
 */
export async function startFakeFcm(options: {
  projectId: string;
  clientEmail: string;
  publicKeyPem: string;
  clock?: { now(): Date };
  accessTokenLifetimeSeconds?: number;
}) {
  const clock = options.clock ?? { now: () => new Date() };
  const publicKey = await importSPKI(options.publicKeyPem, 'RS256');
  const liveDevices = new Set<string>();
  const deadDevices = new Set<string>();
  const otherProjectDevices = new Set<string>();
  const validAccessTokens = new Set<string>();
  const issuedAccessTokens: string[] = [];
  const delivered: DeliveredMessage[] = [];
  const nextReplies: Record<Endpoint, FakeReply[]> = { token: [], send: [] };
  const nextDelayMs: Record<Endpoint, number> = { token: 0, send: 0 };
  const sendPath = `/v1/projects/${options.projectId}/messages:send`;
  let tokenUri = '';

  const issueToken = async (request: RecordedRequest): Promise<FakeReply> => {
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== JWT_BEARER_GRANT) {
      return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
    }
    const assertion = form.get('assertion');
    if (!assertion) return oauthError(400, 'invalid_request', 'Missing required parameter: assertion');
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(assertion, publicKey, {
        algorithms: ['RS256'],
        typ: 'JWT',
        issuer: options.clientEmail,
        audience: tokenUri,
        currentDate: clock.now(),
        requiredClaims: ['iat', 'exp'],
      }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      return oauthError(
        400,
        'invalid_grant',
        code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
          ? 'Invalid JWT Signature.'
          : `Invalid JWT: ${(error as Error).message}`,
      );
    }
    if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp - claims.iat > 3600) {
      return oauthError(
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      );
    }
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(FCM_SCOPE)) {
      return oauthError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    validAccessTokens.add(accessToken);
    issuedAccessTokens.push(accessToken);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: options.accessTokenLifetimeSeconds ?? 3599,
        token_type: 'Bearer',
      },
    };
  };

  const send = (request: RecordedRequest): FakeReply => {
    const authorization = request.headers.authorization ?? '';
    if (
      !authorization.startsWith('Bearer ') ||
      !validAccessTokens.has(authorization.slice('Bearer '.length))
    ) {
      return fcmErrors.unauthenticated();
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    let body: { validate_only?: unknown; message?: Record<string, unknown> };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      return fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const message = body.message ?? {};
    const token = message.token;
    if (typeof token !== 'string' || !token) {
      return fcmError(400, 'INVALID_ARGUMENT', 'Recipient of the message is not set.', {
        errorCode: 'INVALID_ARGUMENT',
      });
    }
    if (message.data !== undefined) {
      const badValue = Object.entries(message.data as Record<string, unknown>).find(
        ([, value]) => typeof value !== 'string',
      );
      if (badValue) return fcmErrors.payloadInvalid(`message.data[${badValue[0]}].value`);
    }
    if (deadDevices.has(token)) {
      return fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', { errorCode: 'UNREGISTERED' });
    }
    if (otherProjectDevices.has(token)) {
      return fcmError(403, 'PERMISSION_DENIED', 'SenderId mismatch', { errorCode: 'SENDER_ID_MISMATCH' });
    }
    if (!liveDevices.has(token)) {
      const description = 'The registration token is not a valid FCM registration token';
      return fcmError(400, 'INVALID_ARGUMENT', description, {
        errorCode: 'INVALID_ARGUMENT',
        fieldViolations: [{ field: 'message.token', description }],
      });
    }
    if (body.validate_only === true) {
      return { status: 200, body: { name: `projects/${options.projectId}/messages/fake_message_id` } };
    }
    delivered.push({ token, notification: message.notification, data: message.data });
    return {
      status: 200,
      body: { name: `projects/${options.projectId}/messages/0:${randomBytes(8).toString('hex')}` },
    };
  };

  const answer = async (request: RecordedRequest): Promise<FakeReply> => {
    const endpoint: Endpoint | undefined =
      request.url === '/token' ? 'token' : request.url.endsWith('/messages:send') ? 'send' : undefined;
    if (!endpoint || request.method !== 'POST') {
      return fcmError(404, 'NOT_FOUND', 'Requested entity was not found.');
    }
    const delayMs = nextDelayMs[endpoint];
    nextDelayMs[endpoint] = 0;
    const reply =
      nextReplies[endpoint].shift() ??
      (endpoint === 'token'
        ? await issueToken(request)
        : request.url === sendPath
          ? send(request)
          : fcmError(
              403,
              'PERMISSION_DENIED',
              `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/${request.url.split('/').slice(2, 4).join('/')}' (or it may not exist).`,
            ));
    return delayMs ? { ...reply, delayMs } : reply;
  };

  const server = await startFakeHttpServer(answer);
  tokenUri = `${server.url}/token`;

  return {
    /** FCM's base URL (`fcmBaseUrl`). */
    url: server.url,
    /** The service account's `token_uri`. */
    tokenUri,
    requests: server.requests,
    tokenRequests: () => server.requests.filter((request) => request.url === '/token'),
    sendRequests: () => server.requests.filter((request) => request.url.endsWith('/messages:send')),
    /** Every access token issued, in order. */
    issuedAccessTokens,
    /** Messages that would have reached a device (validate-only sends deliver nothing). */
    delivered,
    addDevice(token: string) {
      liveDevices.add(token);
    },
    /** The app was uninstalled: FCM now answers UNREGISTERED for the token. */
    unregisterDevice(token: string) {
      liveDevices.delete(token);
      deadDevices.add(token);
    },
    addDeviceOfOtherProject(token: string) {
      otherProjectDevices.add(token);
    },
    /** Google revokes every access token before its stated expiry. */
    revokeAccessTokens() {
      validAccessTokens.clear();
    },
    /** Answers the next request to `endpoint` with `reply` instead of doing the work. */
    replyOnceWith(endpoint: Endpoint, reply: FakeReply) {
      nextReplies[endpoint].push(reply);
    },
    /** Holds the next answer of `endpoint` back for `delayMs`. */
    delayNextAnswer(endpoint: Endpoint, delayMs: number) {
      nextDelayMs[endpoint] = delayMs;
    },
    reset() {
      server.requests.length = 0;
      for (const set of [liveDevices, deadDevices, otherProjectDevices, validAccessTokens]) set.clear();
      issuedAccessTokens.length = 0;
      delivered.length = 0;
      nextReplies.token.length = 0;
      nextReplies.send.length = 0;
      nextDelayMs.token = 0;
      nextDelayMs.send = 0;
    },
    close: () => server.close(),
  };
}
export type FakeFcm = Awaited<ReturnType<typeof startFakeFcm>>;
type Endpoint = 'token' | 'send';

function oauthError(status: number, error: string, description: string): FakeReply {
  return { status, body: { error, error_description: description } };
}

/**
 * A fake FCM and the real FCM sender pointed at it, with a service account of a fresh key: what a module's
 * tests give `createTestApp({ push })` to see its pushes delivered.
 */
export async function startFakeFcmWithSender(): Promise<{ fcm: FakeFcm; push: PushSender }> {
  const projectId = 'campaign-platform-test';
  const clientEmail = 'firebase-adminsdk-n0t1f@campaign-platform-test.iam.gserviceaccount.com';
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const fcm = await startFakeFcm({ projectId, clientEmail, publicKeyPem: keys.publicKey });
  const push = createFcmPushSender({
    serviceAccount: {
      project_id: projectId,
      client_email: clientEmail,
      private_key: keys.privateKey,
      token_uri: fcm.tokenUri,
    },
    fcmBaseUrl: fcm.url,
    timeoutMs: 2_000,
  });
  return { fcm, push };
}
