import { AUTH_MESSAGES } from '@platform/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '../test/api-mock';
import { apiFetch, apiFetchFile, ApiError, CLIENT_ERROR_CODES } from './api-client';
import { setNavigator } from './navigation';
import { getAccessToken, storeAccessToken } from './session';

const navigate = vi.fn();
let restoreNavigator: () => void;

beforeEach(() => {
  navigate.mockReset();
  restoreNavigator = setNavigator(navigate);
});
afterEach(() => restoreNavigator());

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiFetch', () => {
  it('sends auth calls form-encoded without a token', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const api = mockApi({ 'POST /api/auth/forgot-password': { body: { message: 'Email sent' } } });

    await expect(
      apiFetch('/api/auth/forgot-password', { method: 'POST', body: { username: 'a@b.co' } }),
    ).resolves.toEqual({ message: 'Email sent' });
    expect(api.requests[0]).toMatchObject({ contentType: 'form', body: { username: 'a@b.co' } });
    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends server-api calls as JSON with the bearer token', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const api = mockApi({ 'PATCH /server-api/creator': { status: 204 } });

    await expect(
      apiFetch('/server-api/creator', { method: 'PATCH', body: { handle: 'me' } }),
    ).resolves.toBeUndefined();
    expect(api.requests[0]).toMatchObject({ contentType: 'application/json', body: { handle: 'me' } });
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('names a write with the Idempotency-Key it is given', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    storeAccessToken('token-1', Date.now() + 60_000);
    await apiFetch('/server-api/campaigns/rsvp', { method: 'POST', body: {}, idempotencyKey: 'key-1' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Idempotency-Key')).toBe('key-1');
  });

  it('turns the error format into an ApiError with details and Retry-After', async () => {
    mockApi({
      'POST /api/auth/sign-up': {
        status: 429,
        headers: { 'Retry-After': '30' },
        body: errorBody('RATE_LIMITED', 'Slow down', [{ field: 'username', message: 'Too many' }]),
      },
    });
    const error = await failureOf(apiFetch('/api/auth/sign-up', { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Slow down',
      details: [{ field: 'username', message: 'Too many' }],
      requestId: 'req-test',
      retryAfter: 30,
    });
  });

  it('describes a body outside the error format and an unreachable server', async () => {
    mockApi({ 'GET /api/setup/status': { status: 502, body: '<html>Bad gateway</html>' } });
    const unexpected = await failureOf(apiFetch('/api/setup/status'));
    expect(unexpected).toMatchObject({
      status: 502,
      code: CLIENT_ERROR_CODES.unexpectedResponse,
      message: AUTH_MESSAGES.unknownError,
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await failureOf(apiFetch('/api/setup/status'));
    expect(offline).toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('clears the token and sends the person to /sign-in on a 401 from an authenticated call', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({
      'GET /server-api/creator/profile': { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
      'POST /api/auth/refresh-token': { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
    });

    const error = await failureOf(apiFetch('/server-api/creator/profile'));
    expect(error.status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true, state: { sessionExpired: true } });
  });

  it('does not redirect on a 401 from sign-in itself', async () => {
    mockApi({ 'POST /api/auth/sign-in': { status: 401, body: errorBody('QE4B9NJ8AD', 'Wrong') } });
    const error = await failureOf(apiFetch('/api/auth/sign-in', { method: 'POST', body: {} }));
    expect(error.code).toBe('QE4B9NJ8AD');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends someone without a token to /sign-in instead of calling the server', async () => {
    const api = mockApi({});
    const error = await failureOf(apiFetch('/server-api/creator/profile'));
    expect(error.status).toBe(401);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/sign-in', expect.objectContaining({ replace: true }));
  });
});

describe('apiFetchFile', () => {
  const INVOICE = '/server-api/creator/payment/invoice';
  // A PDF's header line and a few bytes no text decoding would keep as they are.
  const pdfBytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff]);

  it('sends the call as apiFetch does and answers the bytes untouched, with their Content-Disposition', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    const api = mockApi({
      [`POST ${INVOICE}`]: {
        body: pdfBytes,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="SB-2026-000123.pdf"',
        },
      },
    });

    const { file, contentDisposition } = await apiFetchFile(INVOICE, {
      method: 'POST',
      body: { paymentId: 'p-1' },
      accept: 'application/pdf',
    });

    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes);
    expect(file.type).toBe('application/pdf');
    expect(contentDisposition).toBe('attachment; filename="SB-2026-000123.pdf"');
    const [request] = api.requests;
    expect(request).toMatchObject({ contentType: 'application/json', body: { paymentId: 'p-1' } });
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(request?.headers.get('Accept')).toBe('application/pdf');
  });

  it('answers no Content-Disposition when the response has none', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({ [`POST ${INVOICE}`]: { body: pdfBytes, headers: { 'Content-Type': 'application/pdf' } } });
    const answer = await apiFetchFile(INVOICE, { method: 'POST', body: {}, accept: 'application/pdf' });
    expect(answer.contentDisposition).toBeNull();
  });

  it('turns a refusal into an ApiError, and a 401 ends the session', async () => {
    storeAccessToken('token-1', Date.now() + 60_000);
    mockApi({ [`POST ${INVOICE}`]: { status: 404, body: errorBody('NOT_FOUND', 'Not found') } });
    const missing = await failureOf(
      apiFetchFile(INVOICE, { method: 'POST', body: {}, accept: 'application/pdf' }),
    );
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    expect(navigate).not.toHaveBeenCalled();

    mockApi({
      [`POST ${INVOICE}`]: { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
      'POST /api/auth/refresh-token': { status: 401, body: errorBody('UNAUTHENTICATED', 'Signed out') },
    });
    const signedOut = await failureOf(
      apiFetchFile(INVOICE, { method: 'POST', body: {}, accept: 'application/pdf' }),
    );
    expect(signedOut.status).toBe(401);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true, state: { sessionExpired: true } });
  });
});
