import {
  AUTH_MESSAGES,
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  readErrorBody,
  type FieldError,
} from '@platform/shared';
import { navigateTo } from './navigation';
import { paths, signInReturningTo } from './paths';
import { clearAccessToken, getAccessToken } from './session';

/** Codes the client itself gives to failures that never produced an error body. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  unexpectedResponse: 'UNEXPECTED_RESPONSE',
} as const;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: FieldError[];
  requestId?: string;
  retryAfter?: number;
}

/** A failed call, in the server's one error format (DESIGN §5). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: FieldError[];
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again, from Retry-After. */
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type FormFields = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Form fields for `/api/*` paths, a JSON value for `/server-api/*` paths. */
  body?: unknown;
  /** Sends the bearer token. Defaults to true for `/server-api/*` and false for `/api/*`. */
  authenticated?: boolean;
  signal?: AbortSignal;
  /** Names one write the person made (DESIGN §5); `idempotentWrite` keeps it until the write is answered. */
  idempotencyKey?: string;
}

// The auth and setup calls are form-encoded (SPEC §7); everything under /server-api/ speaks JSON.
const isFormEncoded = (path: string) => path.startsWith('/api/');

const sendsToken = (path: string, options: ApiRequestOptions) =>
  options.authenticated ?? !isFormEncoded(path);

function toFormBody(fields: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (fields && typeof fields === 'object') {
    for (const [name, value] of Object.entries(fields as FormFields)) {
      if (value !== undefined && value !== null) params.append(name, String(value));
    }
  }
  return params;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function toApiError(response: Response, body: unknown): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const error = readErrorBody(body);
  if (error) {
    const { code, message, details, requestId } = error;
    return new ApiError({ status: response.status, code, message, details, requestId, retryAfter });
  }
  return new ApiError({
    status: response.status,
    code: CLIENT_ERROR_CODES.unexpectedResponse,
    message: AUTH_MESSAGES.unknownError,
    retryAfter,
  });
}

export interface SignInRedirectState {
  sessionExpired?: boolean;
  /** Why the session ended when the account was deactivated, in the server's words. */
  deactivated?: string;
}

/**
 * Without a valid session an authenticated call leads to sign-in (SPEC §2, §6), which brings the person
 * back to the page they were on.
 */
export function redirectToSignIn(state: SignInRedirectState): void {
  if (getAccessToken()) clearAccessToken({ loggedOut: false });
  const { pathname, search, hash } = window.location;
  // Calls still in flight when the session ended come back after the first has led here, and find no
  // token: the page keeps what the first was told (a deactivation, say) rather than their plain sign-in.
  if (pathname === paths.signIn) return;
  navigateTo(signInReturningTo(pathname + search + hash), { replace: true, state });
}

/**
 * Sends a request the way every call goes out (form or JSON body, bearer token, idempotency key) and
 * answers the server's response, whatever its status; a network failure rejects with an ApiError.
 */
export async function send(path: string, options: ApiRequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  const headers = new Headers({ Accept: accept });
  let payload: BodyInit | undefined;

  if (body !== undefined) {
    if (isFormEncoded(path)) {
      payload = toFormBody(body);
    } else {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
  }

  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);

  if (sendsToken(path, options)) {
    const token = getAccessToken();
    if (!token) {
      redirectToSignIn({ sessionExpired: false });
      throw new ApiError({
        status: 401,
        code: ERROR_CODES.unauthenticated,
        message: AUTH_MESSAGES.sessionExpired,
      });
    }
    headers.set('Authorization', `Bearer ${token}`);
  }

  try {
    return await fetch(path, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: AUTH_MESSAGES.unknownError });
  }
}

export const REFRESH_PATH = '/api/auth/refresh-token';

/**
 * Renews the token by the session (`session-renewal.ts`), loaded when a token first expires so that first
 * pages stay light; a renewal that cannot load (offline) is as one that could not ask the server.
 */
export const renewSession = () =>
  import('./session-renewal').then(
    ({ refreshSession }) => refreshSession(),
    () => 'unknown' as const,
  );

/**
 * The answer of an authenticated call, renewed once by the session when the token has expired (a tab
 * that slept): a 401 is answered before the server does anything, so the call is sent again as it was.
 */
async function sendRenewingSession(path: string, options: ApiRequestOptions, accept: string) {
  const response = await send(path, options, accept);
  if (response.status !== 401 || !sendsToken(path, options) || path === REFRESH_PATH) return response;
  if ((await renewSession()) !== 'refreshed') return response;
  const retried = await send(path, options, accept);
  if (retried.status === 401) redirectToSignIn({ sessionExpired: true });
  return retried;
}

/**
 * The one way the web app talks to the server. Resolves with the parsed body (undefined for an empty
 * one) and rejects with an ApiError; a 401 on an authenticated call renews the session once, and leads
 * to sign-in when the session has ended.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await sendRenewingSession(path, options, 'application/json');
  if (!response.ok) throw toApiError(response, await readBody(response));
  return (await readBody(response)) as T;
}

/** A file the server answered, with the Content-Disposition header that may name it. */
export interface ApiFile {
  file: Blob;
  contentDisposition: string | null;
}

/**
 * A call that answers a file (an invoice's PDF): sent and refused exactly as `apiFetch`'s are, but the
 * body is kept as the bytes it is, since reading it as text would corrupt anything binary.
 */
export async function apiFetchFile(
  path: string,
  options: ApiRequestOptions & { accept: string },
): Promise<ApiFile> {
  const response = await sendRenewingSession(path, options, options.accept);
  if (!response.ok) throw toApiError(response, await readBody(response));
  return { file: await response.blob(), contentDisposition: response.headers.get('content-disposition') };
}
