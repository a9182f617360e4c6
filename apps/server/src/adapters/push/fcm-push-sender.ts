import { importPKCS8, SignJWT } from 'jose';
import {
  describeTransportFailure,
  fetchText,
  isRecord,
  parseJson,
  ProviderTransportError,
  retryAfterSeconds,
  type ProviderReply,
} from '../http/provider-http';
import {
  PushRejected,
  PushUnavailable,
  silentPushLogger,
  type PushErrorDetails,
  type PushLogger,
  type PushMessage,
  type PushSender,
} from './push-sender';
import { GOOGLE_TOKEN_URI, type FcmServiceAccount } from './service-account';

export type FcmPushOptions = {
  serviceAccount: FcmServiceAccount;
  /** `https://fcm.googleapis.com` when absent. */
  fcmBaseUrl?: string;
  /** Per HTTP request (the token exchange and the send each get this long). */
  timeoutMs?: number;
  clock?: { now(): Date };
  logger?: PushLogger;
};

const FCM_BASE_URL = 'https://fcm.googleapis.com';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Google refuses assertions that live longer than an hour. */
const ASSERTION_LIFETIME_MS = 60 * 60 * 1000;
/** As Google's own client libraries do, so that a token never expires on its way to FCM. */
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;

const REFUSED_TOKEN_NOTES = {
  UNREGISTERED:
    'FCM says this token is no longer registered: the app was uninstalled, or the token expired or was replaced.',
  INVALID_ARGUMENT: 'FCM says this is not a valid registration token.',
  SENDER_ID_MISMATCH: 'The token belongs to another Firebase project than this server’s service account.',
} as const;

/** What every request to Google is made with. */
type FcmConnection = {
  serviceAccount: FcmPushOptions['serviceAccount'];
  clock: { now(): Date };
  logger: NonNullable<FcmPushOptions['logger']>;
  timeoutMs: number;
  tokenUri: string;
  sendUrl: string;
};

/** The service account's key and access token, shared by every message this sender sends. */
type FcmTokens = {
  signingKey?: ReturnType<typeof importPKCS8>;
  cached?: { accessToken: string; refreshAtMs: number };
  /** Messages sent at once share one token exchange. */
  exchange?: Promise<string>;
};

type FcmAnswer = { status: number; headers: Headers; body: unknown };

/** The service account's signed assertion, its key read once (and read again after a failure). */
async function signedAssertion(connection: FcmConnection, tokens: FcmTokens, now: Date): Promise<string> {
  const { serviceAccount, logger, tokenUri } = connection;
  tokens.signingKey ??= importPKCS8(serviceAccount.private_key, 'RS256');
  let key: Awaited<NonNullable<FcmTokens['signingKey']>>;
  try {
    key = await tokens.signingKey;
  } catch (error) {
    tokens.signingKey = undefined;
    logger.error(
      { provider: 'fcm' },
      'the FCM service account’s private_key cannot be read: check the service account',
    );
    throw new PushUnavailable('The FCM service account’s private key cannot be read.', { cause: error });
  }
  return new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(serviceAccount.client_email)
    .setAudience(tokenUri)
    .setIssuedAt(now)
    .setExpirationTime(new Date(now.getTime() + ASSERTION_LIFETIME_MS))
    .sign(key);
}

/** A new access token for the service account from Google's token endpoint, kept until near its expiry. */
async function exchangeAssertionForToken(connection: FcmConnection, tokens: FcmTokens): Promise<string> {
  const { logger, tokenUri } = connection;
  const now = connection.clock.now();
  const assertion = await signedAssertion(connection, tokens, now);
  const answer = await post(connection, 'Google’s token endpoint', tokenUri, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }).toString(),
  });
  const body = isRecord(answer.body) ? answer.body : {};
  if (answer.status === 200 && typeof body.access_token === 'string' && body.access_token) {
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    tokens.cached = {
      accessToken: body.access_token,
      refreshAtMs: now.getTime() + lifetimeMs - Math.min(REFRESH_BEFORE_EXPIRY_MS, lifetimeMs / 2),
    };
    return body.access_token;
  }

  const details: PushErrorDetails = {
    status: answer.status,
    ...(typeof body.error === 'string' ? { code: body.error } : {}),
  };
  const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
  if (answer.status === 429 || answer.status >= 500) {
    throw new PushUnavailable(
      `Google’s token endpoint could not issue a token now (${answer.status})${description}`,
      {
        details,
        ...retryAfter(connection, answer.headers),
      },
    );
  }
  logger.error(
    { provider: 'fcm', ...details, errorDescription: body.error_description },
    'Google refused the FCM service account: check the service account key and the server’s clock',
  );
  throw new PushUnavailable(`Google refused the FCM service account (${answer.status})${description}`, {
    details,
  });
}

async function accessToken(connection: FcmConnection, tokens: FcmTokens): Promise<string> {
  const { cached } = tokens;
  if (cached && connection.clock.now().getTime() < cached.refreshAtMs) return cached.accessToken;
  tokens.exchange ??= exchangeAssertionForToken(connection, tokens).finally(() => {
    tokens.exchange = undefined;
  });
  return tokens.exchange;
}

async function postMessage(
  connection: FcmConnection,
  tokens: FcmTokens,
  payload: object,
): Promise<FcmAnswer> {
  const sendWith = (token: string) =>
    post(connection, 'FCM', connection.sendUrl, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  const token = await accessToken(connection, tokens);
  const answer = await sendWith(token);
  // Google may revoke a token before its stated expiry; an APNs or web-push credential fault is a 401
  // too, but a new token will not mend it.
  if (answer.status === 401 && readFcmError(answer.body).fcmErrorCode !== 'THIRD_PARTY_AUTH_ERROR') {
    if (tokens.cached?.accessToken === token) tokens.cached = undefined;
    return sendWith(await accessToken(connection, tokens));
  }
  return answer;
}

async function post(
  { timeoutMs }: FcmConnection,
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
) {
  let response: ProviderReply;
  try {
    response = await fetchText(url, {
      method: 'POST',
      ...init,
      // A redirect would carry the access token or the signed assertion to wherever it points.
      redirect: 'error',
      timeoutMs,
    });
  } catch (error) {
    if (!(error instanceof ProviderTransportError)) throw error;
    throw new PushUnavailable(describeTransportFailure(provider, error, timeoutMs), { cause: error.cause });
  }
  // A proxy in front of Google may answer with an HTML page: its status still decides.
  return { status: response.status, headers: response.headers, body: parseJson(response.text) };
}

function retryAfter({ clock }: FcmConnection, headers: Headers): { retryAfterSeconds?: number } {
  const seconds = retryAfterSeconds(headers.get('retry-after'), clock.now().getTime());
  return seconds === undefined ? {} : { retryAfterSeconds: seconds };
}

/** The failures that say nothing about the device token. */
function failure(connection: FcmConnection, answer: FcmAnswer): Error {
  const { logger } = connection;
  const error = readFcmError(answer.body);
  const details: PushErrorDetails = {
    status: answer.status,
    ...(error.status ? { code: error.status } : {}),
    ...(error.fcmErrorCode ? { fcmErrorCode: error.fcmErrorCode } : {}),
  };
  const said = error.message ? `: ${error.message}` : '';
  if (answer.status === 429 || answer.status >= 500) {
    return new PushUnavailable(`FCM could not take the message now (${answer.status})${said}`, {
      details,
      ...retryAfter(connection, answer.headers),
    });
  }
  if (answer.status === 400) {
    return new PushRejected(`FCM refused the message (400)${said}`, details);
  }
  // 401 after a fresh token, 403 (the service account may not send, or the API is off), 404 without
  // UNREGISTERED (a wrong project): only the operator can fix these.
  logger.error(
    { provider: 'fcm', ...details, message: error.message },
    'FCM refused this server’s requests: check the service account, its project and its permissions',
  );
  return new PushUnavailable(`FCM refused this server’s request (${answer.status})${said}`, { details });
}

/** FCM HTTP v1, authorised with a service account's OAuth 2.0 access token. */
export function createFcmPushSender(options: FcmPushOptions): PushSender {
  const { serviceAccount } = options;
  const connection: FcmConnection = {
    serviceAccount,
    clock: options.clock ?? { now: () => new Date() },
    logger: options.logger ?? silentPushLogger,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    tokenUri: serviceAccount.token_uri ?? GOOGLE_TOKEN_URI,
    sendUrl:
      `${(options.fcmBaseUrl ?? FCM_BASE_URL).replace(/\/+$/, '')}` +
      `/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`,
  };
  const tokens: FcmTokens = {};

  return {
    name: 'fcm',
    async registerDevice(deviceToken) {
      if (!deviceToken.trim())
        return { provider: 'fcm', accepted: false, note: 'The device token is empty.' };
      const answer = await postMessage(connection, tokens, {
        validate_only: true,
        message: { token: deviceToken },
      });
      if (answer.status === 200) {
        return {
          provider: 'fcm',
          accepted: true,
          note: 'FCM accepted the token in a validate-only send; nothing was delivered.',
        };
      }
      const refusal = refusedToken(answer);
      if (refusal) return { provider: 'fcm', accepted: false, note: refusal };
      throw failure(connection, answer);
    },
    async send(deviceToken, message: PushMessage) {
      if (!deviceToken.trim()) return { outcome: 'unregistered', note: 'The device token is empty.' };
      const answer = await postMessage(connection, tokens, {
        message: {
          token: deviceToken,
          notification: { title: message.title, body: message.body },
          ...(message.data ? { data: message.data } : {}),
        },
      });
      if (answer.status === 200) return { outcome: 'sent' };
      const refusal = refusedToken(answer);
      if (refusal) return { outcome: 'unregistered', note: refusal };
      throw failure(connection, answer);
    },
  };
}

/**
 * Why FCM says the token can never receive a message, or undefined when it says no such thing. An
 * invalid argument counts only when it is the token's: forgetting a good token over a fault in our own
 * message would silence that device for good.
 */
function refusedToken(answer: FcmAnswer): string | undefined {
  const error = readFcmError(answer.body);
  if (answer.status === 404 && error.fcmErrorCode === 'UNREGISTERED') return REFUSED_TOKEN_NOTES.UNREGISTERED;
  if (answer.status === 403 && error.fcmErrorCode === 'SENDER_ID_MISMATCH') {
    return REFUSED_TOKEN_NOTES.SENDER_ID_MISMATCH;
  }
  const invalidArgument = error.status === 'INVALID_ARGUMENT' || error.fcmErrorCode === 'INVALID_ARGUMENT';
  if (answer.status === 400 && invalidArgument && error.concernsToken) {
    return error.message ? `FCM refused the token: ${error.message}` : REFUSED_TOKEN_NOTES.INVALID_ARGUMENT;
  }
  return undefined;
}

type FcmError = { status?: string; message?: string; fcmErrorCode?: string; concernsToken: boolean };

function readFcmError(body: unknown): FcmError {
  if (!isRecord(body) || !isRecord(body.error)) return { concernsToken: false };
  const { status, message, details } = body.error;
  const detailList = Array.isArray(details) ? details.filter(isRecord) : [];
  const fcmDetail = detailList.find((detail) =>
    String(detail['@type']).endsWith('google.firebase.fcm.v1.FcmError'),
  );
  const fieldViolations = detailList
    .filter((detail) => String(detail['@type']).endsWith('google.rpc.BadRequest'))
    .flatMap((detail) =>
      Array.isArray(detail.fieldViolations) ? detail.fieldViolations.filter(isRecord) : [],
    );
  return {
    ...(typeof status === 'string' ? { status } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof fcmDetail?.errorCode === 'string' ? { fcmErrorCode: fcmDetail.errorCode } : {}),
    // FCM names the offending field; without one, its wording is all there is to go on.
    concernsToken:
      fieldViolations.some((violation) => violation.field === 'message.token') ||
      (typeof message === 'string' && /registration token/i.test(message)),
  };
}
