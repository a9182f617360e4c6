import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, NO_AUTH_RATE_LIMITS, signedUpCreator, type TestApp } from '../test/harness';

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
    expect(response.statusCode).toBe(400);
  });
});
