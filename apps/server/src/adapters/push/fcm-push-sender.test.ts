import { generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto, rejectionOf } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import { fcmErrors, startFakeFcm, type FakeFcm } from '../../test/fakes/fcm';
import { createFcmPushSender, type FcmPushOptions } from './fcm-push-sender';
import { PushRejected, PushUnavailable } from './push-sender';
import { parseServiceAccount, type FcmServiceAccount } from './service-account';

const PROJECT_ID = 'campaign-platform-test';
const CLIENT_EMAIL = 'firebase-adminsdk-x1y2z@campaign-platform-test.iam.gserviceaccount.com';
const LIVE_DEVICE = 'dLiveDeviceToken:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx';
const DEAD_DEVICE = 'dDeadDeviceToken:APA91bGbEzWq7d2JH0kYlA0pEo3pX9Rz';

const pkcs8Pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const serviceAccountKeys = pkcs8Pair();
const strangerKeys = pkcs8Pair();

let nowMs = Date.now();
const clock = { now: () => new Date(nowMs) };

let fcm: FakeFcm;
let serviceAccount: FcmServiceAccount;
let logLines: string[];
let failures: string[];
beforeAll(async () => {
  fcm = await startFakeFcm({
    projectId: PROJECT_ID,
    clientEmail: CLIENT_EMAIL,
    publicKeyPem: serviceAccountKeys.publicKey,
    clock,
  });
  serviceAccount = {
    project_id: PROJECT_ID,
    client_email: CLIENT_EMAIL,
    private_key: serviceAccountKeys.privateKey,
    token_uri: fcm.tokenUri,
  };
});
afterAll(async () => {
  await fcm?.close();
});
beforeEach(() => {
  fcm.reset();
  fcm.addDevice(LIVE_DEVICE);
  fcm.addDevice(DEAD_DEVICE);
  fcm.unregisterDevice(DEAD_DEVICE);
  nowMs = Date.now();
  logLines = [];
  failures = [];
});
afterEach(() => {
  // Whatever a test did, no credential may have reached a log line or an error.
  const assertions = fcm.tokenRequests().map((request) => new URLSearchParams(request.body).get('assertion'));
  const keyLines = [serviceAccountKeys.privateKey, strangerKeys.privateKey].flatMap((pem) =>
    pem.split('\n').filter((line) => line && !line.startsWith('-----')),
  );
  const secrets = [...fcm.issuedAccessTokens, ...assertions.filter((text) => text !== null), ...keyLines];
  for (const text of [...logLines, ...failures]) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
});

function sender(overrides: Partial<FcmPushOptions> = {}) {
  return createFcmPushSender({
    serviceAccount,
    fcmBaseUrl: fcm.url,
    timeoutMs: 2_000,
    clock,
    logger: pino({ level: 'trace' }, collectInto(logLines)),
    ...overrides,
  });
}

/** The error the call failed with, kept for the check that no credential reached an error. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const failure = await rejectionOf(promise);
  failures.push(failure.message, inspect(failure, { depth: 5 }));
  return failure;
}

const message = { title: 'Your video was approved', body: 'Summer Beats: you are on the leaderboard.' };

describe('FCM device registration', () => {
  it('checks the token with a validate-only send, authorised by a correctly signed service-account assertion', async () => {
    const registration = await sender().registerDevice(LIVE_DEVICE);
    expect(registration).toEqual({
      provider: 'fcm',
      accepted: true,
      note: 'FCM accepted the token in a validate-only send; nothing was delivered.',
    });

    const [tokenRequest] = fcm.tokenRequests();
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(tokenRequest?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = form.get('assertion') ?? '';
    expect(decodeProtectedHeader(assertion)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const claims = decodeJwt(assertion);
    expect(claims).toMatchObject({
      iss: CLIENT_EMAIL,
      aud: fcm.tokenUri,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      iat: Math.floor(nowMs / 1000),
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);

    expect(fcm.sendRequests()).toHaveLength(1);
    const [sendRequest] = fcm.sendRequests();
    expect(sendRequest?.method).toBe('POST');
    expect(sendRequest?.url).toBe(`/v1/projects/${PROJECT_ID}/messages:send`);
    expect(sendRequest?.headers.authorization).toBe(`Bearer ${fcm.issuedAccessTokens[0]}`);
    expect(sendRequest?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sendRequest?.body ?? '')).toEqual({
      validate_only: true,
      message: { token: LIVE_DEVICE },
    });
    expect(fcm.delivered).toEqual([]);
  });

  it('refuses a token FCM says is not a registration token', async () => {
    const registration = await sender().registerDevice('not-a-real-token');
    expect(registration).toEqual({
      provider: 'fcm',
      accepted: false,
      note: 'FCM refused the token: The registration token is not a valid FCM registration token',
    });
  });

  it('refuses a token FCM says is no longer registered', async () => {
    const registration = await sender().registerDevice(DEAD_DEVICE);
    expect(registration.accepted).toBe(false);
    expect(registration.note).toContain('no longer registered');
  });

  it('refuses a token of another Firebase project', async () => {
    fcm.addDeviceOfOtherProject('token-of-another-app');
    const registration = await sender().registerDevice('token-of-another-app');
    expect(registration.accepted).toBe(false);
    expect(registration.note).toContain('another Firebase project');
  });

  it('refuses an empty token without asking FCM', async () => {
    await expect(sender().registerDevice('  ')).resolves.toMatchObject({ accepted: false });
    expect(fcm.requests).toHaveLength(0);
  });

  it('does not refuse the token when FCM cannot check it', async () => {
    fcm.replyOnceWith('send', fcmErrors.unavailable());
    const error = await failureOf(sender().registerDevice(LIVE_DEVICE));
    expect(error).toBeInstanceOf(PushUnavailable);
  });
});

describe('FCM sending', () => {
  it('sends the notification and its data to the device', async () => {
    const result = await sender().send(LIVE_DEVICE, {
      ...message,
      data: { entryId: 'en_42', event: 'VIDEO_APPROVED' },
    });
    expect(result).toEqual({ outcome: 'sent' });
    expect(JSON.parse(fcm.sendRequests()[0]?.body ?? '')).toEqual({
      message: {
        token: LIVE_DEVICE,
        notification: message,
        data: { entryId: 'en_42', event: 'VIDEO_APPROVED' },
      },
    });
    expect(fcm.delivered).toEqual([
      { token: LIVE_DEVICE, notification: message, data: { entryId: 'en_42', event: 'VIDEO_APPROVED' } },
    ]);
  });

  it('sends no data field when the message has none', async () => {
    await sender().send(LIVE_DEVICE, message);
    expect(JSON.parse(fcm.sendRequests()[0]?.body ?? '')).toEqual({
      message: { token: LIVE_DEVICE, notification: message },
    });
  });

  it('reports a dead or invalid token as unregistered, so it is forgotten', async () => {
    const push = sender();
    await expect(push.send(DEAD_DEVICE, message)).resolves.toMatchObject({ outcome: 'unregistered' });
    await expect(push.send('not-a-real-token', message)).resolves.toMatchObject({ outcome: 'unregistered' });
    expect(fcm.delivered).toEqual([]);
  });

  it('reports a fault in the message itself as a rejection, not as a dead token', async () => {
    fcm.replyOnceWith('send', fcmErrors.payloadInvalid('message.data[entryId].value'));
    const error = await failureOf(sender().send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushRejected);
    expect((error as PushRejected).details).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENT',
      fcmErrorCode: 'INVALID_ARGUMENT',
    });
  });

  it('reports quota exhaustion as unavailable, keeping Retry-After', async () => {
    fcm.replyOnceWith('send', fcmErrors.quotaExceeded(30));
    const error = await failureOf(sender().send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect((error as PushUnavailable).retryAfterSeconds).toBe(30);
    expect((error as PushUnavailable).details).toMatchObject({ status: 429, fcmErrorCode: 'QUOTA_EXCEEDED' });
  });

  it.each([
    ['503 UNAVAILABLE', fcmErrors.unavailable(5), 5],
    ['500 INTERNAL', fcmErrors.internal(), undefined],
    ['HTML 502 from a proxy', { status: 502, body: '<html>Bad Gateway</html>' }, undefined],
  ])('reports %s as unavailable', async (_name, reply, retryAfterSeconds) => {
    fcm.replyOnceWith('send', reply);
    const error = await failureOf(sender().send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect((error as PushUnavailable).retryAfterSeconds).toBe(retryAfterSeconds);
  });

  it('gives up on a slow FCM within the time-out', async () => {
    fcm.delayNextAnswer('send', 1_000);
    const error = await failureOf(sender({ timeoutMs: 150 }).send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect(error.message).toBe('FCM did not answer within 150 ms');
  });

  it('reports an unreachable FCM as unavailable', async () => {
    const port = await closedPort();
    const error = await failureOf(
      sender({ fcmBaseUrl: `http://127.0.0.1:${port}` }).send(LIVE_DEVICE, message),
    );
    expect(error).toBeInstanceOf(PushUnavailable);
    expect(error.message).toBe('FCM could not be reached (ECONNREFUSED)');
  });

  it('logs a project the service account may not send for, and does not blame the token', async () => {
    const push = sender({ serviceAccount: { ...serviceAccount, project_id: 'someone-elses-project' } });
    const error = await failureOf(push.registerDevice(LIVE_DEVICE));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect((error as PushUnavailable).details).toMatchObject({ status: 403, code: 'PERMISSION_DENIED' });
    expect(JSON.parse(logLines[0] ?? '{}')).toMatchObject({
      level: 50,
      provider: 'fcm',
      status: 403,
      msg: 'FCM refused this server’s requests: check the service account, its project and its permissions',
    });
  });
});

describe('FCM access tokens', () => {
  it('reuses one access token until shortly before it expires', async () => {
    const push = sender();
    await push.send(LIVE_DEVICE, message);
    await push.registerDevice(LIVE_DEVICE);
    nowMs += (3599 - 301) * 1000;
    await push.send(LIVE_DEVICE, message);
    expect(fcm.tokenRequests()).toHaveLength(1);

    nowMs += 2_000;
    await push.send(LIVE_DEVICE, message);
    expect(fcm.tokenRequests()).toHaveLength(2);
    expect(fcm.sendRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${fcm.issuedAccessTokens[0]}`,
      `Bearer ${fcm.issuedAccessTokens[0]}`,
      `Bearer ${fcm.issuedAccessTokens[0]}`,
      `Bearer ${fcm.issuedAccessTokens[1]}`,
    ]);
  });

  it('shares one token exchange among messages sent at once', async () => {
    const push = sender();
    const results = await Promise.all(Array.from({ length: 5 }, () => push.send(LIVE_DEVICE, message)));
    expect(results.every((result) => result.outcome === 'sent')).toBe(true);
    expect(fcm.tokenRequests()).toHaveLength(1);
  });

  it('gets a new token once and sends again when FCM no longer accepts the cached one', async () => {
    const push = sender();
    await push.send(LIVE_DEVICE, message);
    fcm.revokeAccessTokens();
    await expect(push.send(LIVE_DEVICE, message)).resolves.toEqual({ outcome: 'sent' });
    expect(fcm.tokenRequests()).toHaveLength(2);
    expect(fcm.sendRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${fcm.issuedAccessTokens[0]}`,
      `Bearer ${fcm.issuedAccessTokens[0]}`,
      `Bearer ${fcm.issuedAccessTokens[1]}`,
    ]);
    expect(fcm.delivered).toHaveLength(2);
  });

  it('tries a new token only once, then reports and logs the refusal', async () => {
    fcm.replyOnceWith('send', fcmErrors.unauthenticated());
    fcm.replyOnceWith('send', fcmErrors.unauthenticated());
    const error = await failureOf(sender().send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect((error as PushUnavailable).details).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(fcm.sendRequests()).toHaveLength(2);
    expect(fcm.tokenRequests()).toHaveLength(2);
    expect(logLines).toHaveLength(1);
  });

  it('does not refresh the token for an APNs or web-push credential fault', async () => {
    fcm.replyOnceWith('send', fcmErrors.thirdPartyAuth());
    const error = await failureOf(sender().send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect((error as PushUnavailable).details.fcmErrorCode).toBe('THIRD_PARTY_AUTH_ERROR');
    expect(fcm.sendRequests()).toHaveLength(1);
    expect(fcm.tokenRequests()).toHaveLength(1);
  });

  it('reports and logs a service account signed with the wrong key, without the key', async () => {
    const push = sender({ serviceAccount: { ...serviceAccount, private_key: strangerKeys.privateKey } });
    const error = await failureOf(push.send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect(error.message).toBe('Google refused the FCM service account (400): Invalid JWT Signature.');
    expect((error as PushUnavailable).details).toEqual({ status: 400, code: 'invalid_grant' });
    expect(fcm.sendRequests()).toHaveLength(0);
    expect(JSON.parse(logLines[0] ?? '{}')).toMatchObject({
      level: 50,
      provider: 'fcm',
      code: 'invalid_grant',
      msg: 'Google refused the FCM service account: check the service account key and the server’s clock',
    });
  });

  it('reports and logs a private key that cannot be read, without quoting it', async () => {
    const damaged = serviceAccountKeys.privateKey.replace(/[A-Za-z]{12}/, 'AAAAAAAAAAAA');
    const push = sender({ serviceAccount: { ...serviceAccount, private_key: damaged } });
    const error = await failureOf(push.send(LIVE_DEVICE, message));
    expect(error).toBeInstanceOf(PushUnavailable);
    expect(error.message).toBe('The FCM service account’s private key cannot be read.');
    expect(fcm.requests).toHaveLength(0);
    expect(logLines).toHaveLength(1);
  });

  it('reports an assertion for another client as refused', async () => {
    const push = sender({
      serviceAccount: { ...serviceAccount, client_email: 'intruder@example.iam.gserviceaccount.com' },
    });
    const error = await failureOf(push.registerDevice(LIVE_DEVICE));
    expect((error as PushUnavailable).details).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it('reports a failing or slow token endpoint as unavailable', async () => {
    fcm.replyOnceWith('token', { status: 503, body: { error: 'temporarily_unavailable' } });
    const failing = await failureOf(sender().send(LIVE_DEVICE, message));
    expect(failing).toBeInstanceOf(PushUnavailable);
    expect((failing as PushUnavailable).details).toEqual({ status: 503, code: 'temporarily_unavailable' });

    fcm.delayNextAnswer('token', 1_000);
    const slow = await failureOf(sender({ timeoutMs: 150 }).send(LIVE_DEVICE, message));
    expect(slow).toBeInstanceOf(PushUnavailable);
    expect(slow.message).toBe('Google’s token endpoint did not answer within 150 ms');
    expect(fcm.sendRequests()).toHaveLength(0);
  });

  it('recovers from a failed token exchange on the next message', async () => {
    const push = sender();
    fcm.replyOnceWith('token', { status: 500, body: { error: 'internal_failure' } });
    await failureOf(push.send(LIVE_DEVICE, message));
    await expect(push.send(LIVE_DEVICE, message)).resolves.toEqual({ outcome: 'sent' });
  });

  it('works with a service account read by parseServiceAccount', async () => {
    const json = JSON.stringify({
      type: 'service_account',
      project_id: PROJECT_ID,
      private_key_id: 'a1b2c3',
      private_key: serviceAccountKeys.privateKey,
      client_email: CLIENT_EMAIL,
      token_uri: fcm.tokenUri,
    });
    const push = sender({ serviceAccount: parseServiceAccount(json) });
    await expect(push.registerDevice(LIVE_DEVICE)).resolves.toMatchObject({ accepted: true });
  });
});
