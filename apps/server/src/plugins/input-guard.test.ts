import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  access,
  CONTROL_CHARACTERS_MESSAGE,
  ERROR_CODES,
  errorResponseSchema,
  UNPAIRED_SURROGATES_MESSAGE,
} from '@platform/shared';
import { createStaffMember, signIn } from '../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, signedUpCreator, type TestApp } from '../test/harness';

/** A public route that hands back the query and path parameters it was given, after the guard. */
const ECHO_PATH = '/server-api/test-only/echo';

let context: TestApp;
let token: string;
let adminToken: string;
beforeAll(async () => {
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    extraRoutes: async (app) => {
      app.get(
        `${ECHO_PATH}/:id`,
        {
          config: { access: access.public },
          // A query string or path decoder that let half a surrogate pair through would hand this over.
          onRequest: (request, _reply, done) => {
            const forged = request.headers['x-forge'];
            if (forged === 'query') request.query = { search: 'café\ud800' };
            if (forged === 'params') request.params = { id: '\udc00' };
            done();
          },
        },
        (request) => ({ params: request.params, query: request.query }),
      );
    },
  });
  ({ token } = await signedUpCreator(context));
  adminToken = await signIn(context, await createStaffMember(context, { role: 'Admin' }));
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

/** A route whose schema would take any name: only the guard stands between a name and the database. */
const createTeam = (payload: string) =>
  context.app.inject({
    method: 'POST',
    url: '/server-api/marketing/teams',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
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

describe('half of a surrogate pair', () => {
  it.each(['\\ud800', '\\udbff', '\\udc00', '\\udfff', 'Team \\ude00\\ud83d', 'Team \\ud83d'])(
    'in a body field (%s) is a 400 naming the field, and nothing is written',
    async (escaped) => {
      const before = await context.rowCounts();
      const response = await createTeam(`{"name":"${escaped}"}`);
      expectRefusal(response, 400, ERROR_CODES.validationFailed);
      expect(errorOf(response).details).toEqual([{ field: 'name', message: UNPAIRED_SURROGATES_MESSAGE }]);
      expect(await context.rowCounts()).toEqual(before);
    },
  );

  it('in a nested key is a 400 naming the path, the half shown as "?"', async () => {
    const response = await createTeam('{"name":"Team North","labels":{"\\udc00x":"one"}}');
    expectRefusal(response, 400, ERROR_CODES.validationFailed);
    expect(errorOf(response).details).toEqual([{ field: 'labels.?x', message: UNPAIRED_SURROGATES_MESSAGE }]);
  });

  it('is named field by field beside control characters', async () => {
    const response = await search(
      'application/json',
      '{"status":"\\ud800","campaignId":"\\u0007","items":[{"note":"ok"},{"note":"\\udfff"}]}',
    );
    expectRefusal(response, 400, ERROR_CODES.validationFailed);
    expect(errorOf(response).details).toEqual([
      { field: 'status', message: UNPAIRED_SURROGATES_MESSAGE },
      { field: 'campaignId', message: CONTROL_CHARACTERS_MESSAGE },
      { field: 'items.1.note', message: UNPAIRED_SURROGATES_MESSAGE },
    ]);
  });

  it('in the query or a path parameter is a 400 naming it, should a decoder ever let one through', async () => {
    for (const [forged, field] of [
      ['query', 'search'],
      ['params', 'id'],
    ] as const) {
      const response = await context.app.inject({
        method: 'GET',
        url: `${ECHO_PATH}/plain?search=plain`,
        headers: { 'x-forge': forged },
      });
      expectRefusal(response, 400, ERROR_CODES.validationFailed, forged);
      expect(errorOf(response).details).toEqual([{ field, message: UNPAIRED_SURROGATES_MESSAGE }]);
    }
  });

  it('cannot be smuggled in through the URL: its bytes are a bad URL in the path and stay as written in the query', async () => {
    expectRefusal(
      await context.app.inject({ method: 'GET', url: `${ECHO_PATH}/%ED%A0%80` }),
      400,
      ERROR_CODES.badUrl,
    );
    const query = await context.app.inject({ method: 'GET', url: `${ECHO_PATH}/a?search=%ED%B0%80` });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toEqual({ params: { id: 'a' }, query: { search: '%ED%B0%80' } });
  });

  it('does not refuse whole pairs: an emoji is a character like any other', async () => {
    const response = await createTeam(JSON.stringify({ name: `Team 😀 ${Date.now()}` }));
    expect(response.statusCode, response.body).toBe(201);
    const escaped = await createTeam(`{"name":"Team \\ud83d\\ude00 ${Date.now()}"}`);
    expect(escaped.statusCode, escaped.body).toBe(201);
  });
});
