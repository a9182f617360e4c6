// What every HTTP adapter (tax checks, identity checks, payouts, push) needs to talk to its provider:
// one request within a time-out, read to the end; what stopped it, in words safe to log; the provider's
// Retry-After; its text without our secrets; and a body that may not be JSON. Each adapter keeps its own
// errors and decides what an answer means.

/** What stopped an exchange with a provider before its answer was read to the end. */
export type TransportFailureKind = 'timeout' | 'network';

/**
 * The provider's answer never arrived in full: the time-out ran out, or the network failed (refused,
 * reset, a bad URL). Its message never carries the request URL, which may hold a credential (the ABR's
 * GUID); the error fetch raised is its `cause`.
 */
export class ProviderTransportError extends Error {
  override readonly name = 'ProviderTransportError';
  readonly kind: TransportFailureKind;
  /** Node's code for a network failure (`ECONNREFUSED`, `ERR_INVALID_URL`), when there is one. */
  readonly code: string | undefined;
  /** The answer's status when its headers came and its body then broke off or ran out of time. */
  readonly status: number | undefined;

  constructor(kind: TransportFailureKind, details: { code?: string; status?: number; cause?: unknown } = {}) {
    super(
      `${kind === 'timeout' ? 'no answer in time' : 'the provider could not be reached'}${details.code ? ` (${details.code})` : ''}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.kind = kind;
    this.code = details.code;
    this.status = details.status;
  }
}

/** The code Node puts on a network error (`ECONNREFUSED`) or a bad URL (`ERR_INVALID_URL`). */
function errorCodeOf(error: Error): string | undefined {
  const codeOf = (value: unknown) =>
    isRecord(value) && typeof value.code === 'string' ? value.code : undefined;
  return codeOf(error.cause) ?? codeOf(error);
}

/**
 * Whether an error stopped the exchange itself, and how: a time-out (the signal's TimeoutError or
 * AbortError), or the network (fetch reports every failure to reach a server, and a URL it cannot use,
 * as a TypeError). Anything else is undefined: not a transport failure.
 */
export function transportFailureOf(error: unknown): ProviderTransportError | undefined {
  if (error instanceof ProviderTransportError) return error;
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return new ProviderTransportError('timeout', { cause: error });
  }
  if (error instanceof TypeError) {
    const code = errorCodeOf(error);
    return new ProviderTransportError('network', { ...(code ? { code } : {}), cause: error });
  }
  return undefined;
}

/** A provider's answer, read to the end. */
export type ProviderReply = {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
};

export type ProviderRequest = RequestInit & {
  /** For this request alone; leave it out when `signal` bounds several requests together. */
  timeoutMs?: number;
};

/**
 * Sends one request and reads the whole answer as text, within the time-out. A failure to get it is a
 * ProviderTransportError (with the status when the body broke off after the headers); an HTTP error
 * status is an answer like any other, for the adapter to read.
 */
export async function fetchText(url: string | URL, request: ProviderRequest): Promise<ProviderReply> {
  const { timeoutMs, ...init } = request;
  const signal = init.signal ?? (timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs));
  const failure = (error: unknown, status?: number) => {
    const known = transportFailureOf(error);
    return new ProviderTransportError(signal?.aborted ? 'timeout' : (known?.kind ?? 'network'), {
      ...(known?.code ? { code: known.code } : {}),
      ...(status === undefined ? {} : { status }),
      cause: error,
    });
  };

  let response: Response;
  try {
    response = await fetch(url, { ...init, ...(signal ? { signal } : {}) });
  } catch (error) {
    throw failure(error);
  }
  try {
    const text = await response.text();
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  } catch (error) {
    throw failure(error, response.status);
  }
}

/** 'Stripe did not answer within 150 ms', 'FCM could not be reached (ECONNREFUSED)'. */
export function describeTransportFailure(
  provider: string,
  failure: ProviderTransportError,
  timeoutMs: number,
): string {
  if (failure.kind === 'timeout') return `${provider} did not answer within ${timeoutMs} ms`;
  return `${provider} could not be reached${failure.code ? ` (${failure.code})` : ''}`;
}

/**
 * Retry-After in whole seconds: a number of seconds (rounded up), or an HTTP date counted from `nowMs`;
 * undefined when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null | undefined, nowMs = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Takes every secret out of text a provider sent, before it is logged, shown or thrown. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length > 0)
    .reduce((safe, secret) => safe.split(secret).join('[redacted]'), text);
}

/** A body that may not be JSON at all (a proxy's HTML error page, say) reads as undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object (not an array, not null), whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
