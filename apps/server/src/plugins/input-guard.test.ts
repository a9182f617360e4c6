import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorResponseSchema } from '@platform/shared';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, signedUpCreator, type TestApp } from '../test/harness';

let context: TestApp;
let token: string;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  ({ token } = await signedUpCreator(context));
});
afterAll(async () => {
  await context?.close();
});

/** A route whose body may be `{}`: a body read wrongly but still valid would pass its schema. */
const search = (contentType: string, payload: string) =>
  context.app.inject({
    method: 'POST',
    url: '/server-api/creator/payment/search',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });

const PROJECT_CODES = new Set<string>(Object.values(ERROR_CODES));

/** The answer is in the one error format, with one of the project's codes, never a framework's. */
function expectRefusal(
  response: Awaited<ReturnType<typeof search>>,
  status: number,
  code: string,
  label = '',
): void {
  expect(response.statusCode, `${label} ${response.body}`).toBe(status);
  const parsed = errorResponseSchema.safeParse(response.json());
  expect(parsed.success, label).toBe(true);
  expect(PROJECT_CODES.has(errorOf(response).code), label).toBe(true);
  expect(errorOf(response).code, label).toBe(code);
  expect(errorOf(response).requestId).toBe(response.headers['x-request-id']);
}

describe('JSON bodies', () => {
  it('are read as UTF-8, said so or not', async () => {
    for (const contentType of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json;charset=utf8',
    ]) {
      expect((await search(contentType, '{}')).statusCode, contentType).toBe(200);
    }
  });

  it('are refused in any other charset, as the parser would misread them', async () => {
    for (const contentType of ['application/json; charset=utf-16', 'application/json; charset="latin1"']) {
      const response = await search(contentType, '{}');
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toMatchObject({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON in UTF-8.' },
      });
    }
  });

  it('are refused with a byte order mark, which would hide what follows', async () => {
    const response = await search('application/json', '\ufeff{}');
    expectRefusal(response, 400, ERROR_CODES.malformedRequest);
  });
});

describe('a body that cannot be read answers in the error format with the project’s codes', () => {
  it('broken JSON is MALFORMED_REQUEST, never the framework’s FST_ERR_CTP_INVALID_JSON_BODY', async () => {
    for (const payload of ['{', '{"a":', '[1,]', 'nul', "{'a':1}", '{"a":1}}', '"\\ud800']) {
      const response = await search('application/json', payload);
      expectRefusal(response, 400, ERROR_CODES.malformedRequest, payload);
      expect(errorOf(response).message).toBe('The request body is not valid JSON.');
    }
  });

  it('an empty body said to be JSON is MALFORMED_REQUEST', async () => {
    const response = await search('application/json', '');
    expectRefusal(response, 400, ERROR_CODES.malformedRequest);
    expect(errorOf(response).message).toBe('The request body is empty.');
  });

  it('a body shorter than its Content-Length is MALFORMED_REQUEST', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/server-api/creator/payment/search',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': '10',
      },
      payload: '{}',
    });
    expectRefusal(response, 400, ERROR_CODES.malformedRequest);
  });

  it('a body over the limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await search('application/json', JSON.stringify({ note: 'x'.repeat(1024 * 1024) }));
    expectRefusal(response, 413, ERROR_CODES.payloadTooLarge);
  });

  it('a body of another type on a JSON route is 415 UNSUPPORTED_MEDIA_TYPE, text/plain included', async () => {
    for (const contentType of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/jsonx',
    ]) {
      expectRefusal(await search(contentType, '{}'), 415, ERROR_CODES.unsupportedMediaType, contentType);
    }
  });

  it('a compressed body that does not inflate, or in an unknown encoding, is refused with the project’s codes', async () => {
    const send = (encoding: string) =>
      context.app.inject({
        method: 'POST',
        url: '/server-api/creator/payment/search',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': encoding,
        },
        payload: 'not gzip at all',
      });
    expectRefusal(await send('gzip'), 400, ERROR_CODES.malformedRequest, 'gzip');
    expectRefusal(await send('x-unknown'), 415, ERROR_CODES.unsupportedMediaType, 'x-unknown');
  });

  it('a form-encoded route refuses JSON, text and oversized forms, and names the fields of a garbled one', async () => {
    const signIn = (contentType: string, payload: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': contentType },
        payload,
      });
    expectRefusal(
      await signIn('application/json', '{"username":"a"}'),
      415,
      ERROR_CODES.unsupportedMediaType,
    );
    expectRefusal(await signIn('text/plain', 'username=a'), 415, ERROR_CODES.unsupportedMediaType);
    expectRefusal(
      await signIn('application/x-www-form-urlencoded', `username=${'a'.repeat(17 * 1024)}`),
      413,
      ERROR_CODES.payloadTooLarge,
    );
    const garbled = await signIn('application/x-www-form-urlencoded', '%%%=%zz&%E0%A4%A=%C0%AF');
    expectRefusal(garbled, 400, ERROR_CODES.validationFailed);
    expect(errorOf(garbled).details?.map((detail) => detail.field)).toEqual(['username', 'password']);
  });
});
