import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, ERROR_CODES } from '@platform/shared';
import {
  createTestApp,
  SHIPPED_TERMS_ID,
  signedUpCreator,
  STRONG_PASSWORD,
  type TestApp,
} from '../test/harness';

/** What the failing code says about itself: it belongs in the log, never in an answer. */
const INTERNAL_TEXT = 'ledger shard 7 unreachable at 10.0.3.17:6432 (pool exhausted)';

let context: TestApp;
beforeAll(async () => {
  context = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await context?.close();
});

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A 500 in the one error format, with the generic message and nothing of the error that caused it. */
function expectGenericInternalError(response: Answer) {
  expect(response.statusCode).toBe(500);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({
    error: {
      code: ERROR_CODES.internal,
      message: AUTH_MESSAGES.unknownError,
      requestId: response.headers['x-request-id'],
    },
  });
  expect(response.body).not.toContain(INTERNAL_TEXT);
  expect(response.body).not.toContain('10.0.3.17');
  expect(response.body, 'no stack frame').not.toMatch(/\bat .+:\d+:\d+/);
  expect(response.body).not.toContain('.ts');
}

/** The request's log has the cause: the error's text and where it was thrown. */
function expectCauseLogged(response: Answer) {
  const line = context
    .logText()
    .split('\n')
    .find(
      (candidate) =>
        candidate.includes(String(response.headers['x-request-id'])) &&
        candidate.includes('"msg":"request failed"'),
    );
  expect(line, 'a log line of the failed request').toBeDefined();
  expect(line).toContain(INTERNAL_TEXT);
  expect(line, 'with its stack').toContain('errors.test.ts');
}

describe('an unexpected error in a route', () => {
  it('answers 500 with the generic message and the request id, never the error’s text or stack, when a JSON route’s service throws', async () => {
    const { token } = await signedUpCreator(context);
    vi.spyOn(context.services.payments, 'search').mockRejectedValue(new TypeError(INTERNAL_TEXT));

    const response = await context.app.inject({
      method: 'POST',
      url: '/server-api/creator/payment/search',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });

    expectGenericInternalError(response);
    expectCauseLogged(response);
  });

  it('answers 500 with the generic message and the request id, never the error’s text or stack, when sign-up’s password hasher throws', async () => {
    vi.spyOn(context.hasher, 'hash').mockRejectedValueOnce(new Error(INTERNAL_TEXT));

    const response = await context.form('/api/auth/sign-up', {
      username: 'hasher-fails@example.com',
      password: STRONG_PASSWORD,
      tncVersion: SHIPPED_TERMS_ID,
      deviceToken: '',
    });

    expectGenericInternalError(response);
    expectCauseLogged(response);
  });
});
