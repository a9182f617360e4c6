import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../test/capture';
import { closedPort, startFakeHttpServer } from '../../test/fake-http-server';
import {
  describeTransportFailure,
  fetchText,
  isRecord,
  parseJson,
  ProviderTransportError,
  retryAfterSeconds,
  transportFailureOf,
  withoutSecrets,
} from './provider-http';

let provider: Awaited<ReturnType<typeof startFakeHttpServer>>;
beforeAll(async () => {
  provider = await startFakeHttpServer(() => ({ status: 200, body: { ok: true } }));
});
afterAll(async () => {
  await provider?.close();
});

async function transportFailure(promise: Promise<unknown>): Promise<ProviderTransportError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ProviderTransportError);
  return error as ProviderTransportError;
}

/** A server that sends its headers, then drops the connection halfway through the body. */
async function startBrokenServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    response.write('{"half":');
    setTimeout(() => response.socket?.destroy(), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fetchText', () => {
  it('reads the whole answer, an error status being an answer like any other', async () => {
    provider.respondWith(() => ({ status: 503, body: 'busy', headers: { 'retry-after': '3' } }));
    const reply = await fetchText(`${provider.url}/status`, {
      method: 'POST',
      body: 'x=1',
      timeoutMs: 1_000,
    });
    expect(reply).toMatchObject({ status: 503, ok: false, text: 'busy' });
    expect(reply.headers.get('retry-after')).toBe('3');
    expect(provider.requests.at(-1)).toMatchObject({ method: 'POST', url: '/status', body: 'x=1' });
  });

  it('gives up when the time-out runs out, with no status', async () => {
    provider.respondWith(() => ({ status: 200, body: {}, delayMs: 2_000 }));
    const started = Date.now();
    const failure = await transportFailure(fetchText(provider.url, { timeoutMs: 100 }));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(failure).toMatchObject({ kind: 'timeout', status: undefined });
  });

  it('keeps to a signal shared with other requests', async () => {
    provider.respondWith(() => ({ status: 200, body: {} }));
    const failure = await transportFailure(fetchText(provider.url, { signal: AbortSignal.abort() }));
    expect(failure.kind).toBe('timeout');
  });

  it('reports a server it cannot reach with Node’s code, never the URL', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/lookup?guid=secret-guid`;
    const failure = await transportFailure(fetchText(url, { timeoutMs: 1_000 }));
    expect(failure).toMatchObject({ kind: 'network', code: 'ECONNREFUSED', status: undefined });
    expect(failure.message).not.toContain('secret-guid');
    expect(failure.cause).toBeInstanceOf(TypeError);
  });

  it('says the status when the body broke off after the headers', async () => {
    const broken = await startBrokenServer();
    try {
      const failure = await transportFailure(fetchText(broken.url, { timeoutMs: 1_000 }));
      expect(failure).toMatchObject({ kind: 'network', status: 200 });
    } finally {
      await broken.close();
    }
  });
});

describe('transportFailureOf', () => {
  it('tells a time-out, a network failure and anything else apart', () => {
    expect(transportFailureOf(new DOMException('late', 'TimeoutError'))?.kind).toBe('timeout');
    expect(transportFailureOf(new DOMException('stop', 'AbortError'))?.kind).toBe('timeout');
    const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    expect(transportFailureOf(refused)).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
    const badUrl = Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' });
    expect(transportFailureOf(badUrl)).toMatchObject({ kind: 'network', code: 'ERR_INVALID_URL' });
    expect(transportFailureOf(new RangeError('no'))).toBeUndefined();
    expect(transportFailureOf('no')).toBeUndefined();
  });

  it('words it for the provider', () => {
    const timeout = new ProviderTransportError('timeout');
    expect(describeTransportFailure('Stripe', timeout, 150)).toBe('Stripe did not answer within 150 ms');
    const refused = new ProviderTransportError('network', { code: 'ECONNREFUSED' });
    expect(describeTransportFailure('FCM', refused, 150)).toBe('FCM could not be reached (ECONNREFUSED)');
    expect(describeTransportFailure('FCM', new ProviderTransportError('network'), 150)).toBe(
      'FCM could not be reached',
    );
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads seconds, rounding up a fraction', () => {
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds(' 7 ', now)).toBe(7);
    expect(retryAfterSeconds('0', now)).toBe(0);
    expect(retryAfterSeconds('1.2', now)).toBe(2);
  });

  it('reads an HTTP date as the seconds until then, none once it has passed', () => {
    expect(retryAfterSeconds('Sun, 01 Mar 2026 12:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
    expect(retryAfterSeconds('  ', now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});

describe('reading what a provider sent', () => {
  it('takes every secret out, leaving empty ones alone', () => {
    expect(withoutSecrets('key sk_1 and guid g-2, again sk_1', ['sk_1', 'g-2', ''])).toBe(
      'key [redacted] and guid [redacted], again [redacted]',
    );
  });

  it('reads a body that is not JSON as undefined', () => {
    expect(parseJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseJson('null')).toBeNull();
    expect(parseJson('<html>Bad gateway</html>')).toBeUndefined();
  });

  it('counts only objects as records', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord([1])).toBe(false);
    expect(isRecord(null)).toBe(false);
  });
});
