import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../test/api-mock';
import { ApiError, CLIENT_ERROR_CODES } from './api-client';
import { idempotentWrite, newIdempotencyKey } from './idempotent-write';
import { storeAccessToken } from './session';

afterEach(() => vi.unstubAllGlobals());

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('idempotentWrite', () => {
  it('sends a write made again after no answer with the key it first went with, and a new key once answered', async () => {
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () =>
        new Response(JSON.stringify(errorBody('INTERNAL', 'An unknown error occurred.')), { status: 500 }),
      () =>
        new Response(JSON.stringify(errorBody('IDEMPOTENCY_KEY_IN_PROGRESS', 'Still working')), {
          status: 409,
          headers: { 'Retry-After': '1' },
        }),
      () => new Response(JSON.stringify({ id: 'payment-1' }), { status: 200 }),
      () => new Response(JSON.stringify({ id: 'payment-1' }), { status: 200 }),
      () => new Response(JSON.stringify({ id: 'payment-2' }), { status: 200 }),
    ];
    const fetchMock = vi.fn(async () => (answers.shift() ?? (() => new Response(null, { status: 204 })))());
    vi.stubGlobal('fetch', fetchMock);
    storeAccessToken('token-1', Date.now() + 60_000);
    const approve = (paymentId: string) =>
      idempotentWrite(`/server-api/marketing/payments/${paymentId}/approve`, { method: 'POST' });

    expect((await failureOf(approve('payment-1'))).code).toBe(CLIENT_ERROR_CODES.network);
    expect((await failureOf(approve('payment-1'))).status).toBe(500);
    expect((await failureOf(approve('payment-1'))).status).toBe(409);
    await approve('payment-1');
    await approve('payment-1');
    await approve('payment-2');
    const keys = fetchMock.mock.calls.map((call) =>
      new Headers((call as unknown as [string, RequestInit])[1].headers).get('Idempotency-Key'),
    );
    const [first, , , answered, again, other] = keys;
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys.slice(0, 4), 'one key until the server answers').toEqual([first, first, first, first]);
    expect(again, 'a new approval once the first was answered').not.toBe(answered);
    expect(other, 'another payment’s approval').not.toBe(again);
    expect(new Set(keys).size).toBe(3);
  });

  it('spends the key on a refusal, which is an answer: the same write made again is a new one', async () => {
    const refused = () =>
      new Response(JSON.stringify(errorBody('CONFLICT', 'This payment has already been decided.')), {
        status: 409,
      });
    const fetchMock = vi.fn(async () => refused());
    vi.stubGlobal('fetch', fetchMock);
    storeAccessToken('token-1', Date.now() + 60_000);
    const reject = () =>
      idempotentWrite('/server-api/marketing/payments/payment-3/reject', {
        method: 'POST',
        body: { reason: 'Not the creator’s own post' },
      });

    expect((await failureOf(reject())).status).toBe(409);
    expect((await failureOf(reject())).status).toBe(409);
    const [first, second] = fetchMock.mock.calls.map((call) =>
      new Headers((call as unknown as [string, RequestInit])[1].headers).get('Idempotency-Key'),
    );
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('makes keys with randomUUID, and without it on a page that is not secure', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f-]{32,36}$/);
    const secureOnly = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(20);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      if (secureOnly) Object.defineProperty(crypto, 'randomUUID', secureOnly);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });
});
