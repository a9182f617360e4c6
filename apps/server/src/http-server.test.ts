import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@platform/shared';
import { createTestApp, type TestApp } from './test/harness';

// A real listening server: what is tested here happens in Node's HTTP parser, before Fastify's routing,
// where app.inject() cannot reach.
let context: TestApp;
let port: number;
beforeAll(async () => {
  context = await createTestApp({
    environment: {
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
      MAX_CONNECTIONS_PER_ADDRESS: '4',
    },
  });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await context?.close();
});

type RawResponse = { status: number; headers: Record<string, string>; body: string; closedAfterMs: number };

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Writes raw bytes and reads until the server closes the connection. */
async function exchange(raw: string, socket?: Socket): Promise<RawResponse> {
  const connection = socket ?? (await open());
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let received = '';
    connection.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    connection.on('error', reject);
    connection.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body,
        closedAfterMs: Date.now() - started,
      });
    });
    if (raw) connection.write(raw);
  });
}

function expectErrorFormat(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  const parsed = errorResponseSchema.parse(JSON.parse(response.body));
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.requestId).toBe(response.headers['x-request-id']);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  return parsed.error;
}

describe('slow clients', () => {
  it('times out a body that never finishes arriving: 408 in the error format, connection closed', async () => {
    const response = await exchange(
      'POST /api/auth/sign-in HTTP/1.1\r\nHost: app.test\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nusername=a',
    );
    expectErrorFormat(response, 408, 'REQUEST_TIMEOUT');
    expect(response.closedAfterMs).toBeLessThan(5000);
  });

  it('times out headers that never finish arriving', async () => {
    const response = await exchange('GET /healthz HTTP/1.1\r\nHost: app.test\r\nX-Slow: ');
    expectErrorFormat(response, 408, 'REQUEST_TIMEOUT');
    expect(response.closedAfterMs).toBeLessThan(4000);
  });
});

describe('connections per address', () => {
  it('answers a connection over the cap with 429 and closes it; a freed slot can be used again', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    const refused = await exchange('GET /healthz HTTP/1.1\r\nHost: app.test\r\n\r\n');
    expectErrorFormat(refused, 429, 'TOO_MANY_CONNECTIONS');
    held[0]?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const accepted = await exchange('GET /healthz HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n');
    expect(accepted.status).toBe(200);
    for (const socket of held) socket.destroy();
  });
});

describe('requests refused before routing answer in the one error format', () => {
  it('malformed HTTP', async () => {
    const response = await exchange('GET / HTTP/1.1\r\nHost: app.test\r\nContent-Length: abc\r\n\r\n');
    expectErrorFormat(response, 400, 'MALFORMED_REQUEST');
  });

  it('not HTTP at all', async () => {
    const response = await exchange('HELLO THERE\r\n\r\n');
    expectErrorFormat(response, 400, 'MALFORMED_REQUEST');
  });

  it('headers too large', async () => {
    const response = await exchange(
      `GET /healthz HTTP/1.1\r\nHost: app.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectErrorFormat(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('a URL that does not decode, without echoing it back', async () => {
    const response = await exchange(
      'GET /api/%E0%A4%A HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n',
    );
    const error = expectErrorFormat(response, 400, 'BAD_URL');
    expect(response.body).not.toContain('%E0');
    expect(error.message).toBe('The address of this request is not valid.');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
