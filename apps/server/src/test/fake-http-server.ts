import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

/** A request as the fake received it, body read in full. */
export type RecordedRequest = {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
};

/** What a fake answers; `delayMs` holds the answer back (to try a client's time-out). */
export type FakeReply = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
};

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/**
 * A real HTTP server on 127.0.0.1 standing in for an outside provider (DESIGN §10): it records every
 * request and answers through `handler`, which a test may swap to try errors, time-outs and rate limits.
 * A string body is sent as it is; anything else as JSON.
 */
export async function startFakeHttpServer(initialHandler: FakeHandler) {
  let handler = initialHandler;
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const answer = async (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    let reply: FakeReply;
    try {
      reply = await handler(request);
    } catch (error) {
      reply = { status: 500, body: { fakeServerError: String(error) } };
    }
    if (reply.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, reply.delayMs);
        timers.add(timer);
      });
    }
    if (response.destroyed) return;
    const isText = typeof reply.body === 'string';
    const payload =
      reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
      ...reply.headers,
    });
    response.end(payload);
  };

  const server = createServer((incoming, response) => void answer(incoming, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers every request from now on with `next`. */
    respondWith(next: FakeHandler) {
      handler = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeHttpServer = Awaited<ReturnType<typeof startFakeHttpServer>>;

/** A loopback port nothing listens on: a provider that cannot be reached. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
