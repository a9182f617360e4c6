import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  /** Form fields for form-encoded calls, the parsed value for JSON calls. */
  body: unknown;
  contentType: string | null;
}

export interface MockReply {
  status?: number;
  /** Sent as JSON; bytes (a PDF, say) are sent as they are, their type given in `headers`. */
  body?: unknown;
  headers?: Record<string, string>;
}

type MockRoute = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export const errorBody = (code: string, message: string, details?: { field: string; message: string }[]) => ({
  error: { code, message, ...(details ? { details } : {}), requestId: 'req-test' },
});

function toResponse({ status = 200, body, headers = {} }: MockReply): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  if (body instanceof Uint8Array) return new Response(body.slice(), { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function readBody(init: RequestInit): RecordedRequest['body'] {
  if (init.body instanceof URLSearchParams) return Object.fromEntries(init.body);
  if (typeof init.body === 'string') return JSON.parse(init.body) as unknown;
  return undefined;
}

/**
 * Replaces fetch with a table of answers keyed by 'METHOD /path' (query strings ignored). Unknown calls
 * answer 404 in the server's error format.
 */
export function mockApi(routes: Record<string, MockRoute>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const headers = new Headers(init.headers);
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      headers,
      body: readBody(init),
      contentType: headers.get('content-type') ?? (init.body instanceof URLSearchParams ? 'form' : null),
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return toResponse({ status: 404, body: errorBody('NOT_FOUND', 'Not found') });
    return toResponse(typeof route === 'function' ? await route(request) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    requestsTo: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
}

/** The query strings of the calls made to `path`, in order. */
export function queriesTo(api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] {
  return api.fetchMock.mock.calls
    .map(
      ([input]) => new URL(input instanceof Request ? input.url : input.toString(), window.location.origin),
    )
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** A promise the test resolves by hand, to observe a page while its request runs. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
