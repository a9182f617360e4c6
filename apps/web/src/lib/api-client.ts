import {
  AUTH_MESSAGES,
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  readErrorBody,
  type FieldError,
} from '@platform/shared';
import { navigateTo } from './navigation';
import { paths } from './paths';
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
  /**
   * Names one write the person made, so that sending it again (a retry after a lost answer) replays the
   * first answer instead of acting twice (DESIGN §5).
   */
  idempotencyKey?: string;
}

/**
 * A fresh key for one write. `crypto.randomUUID` exists only on secure pages (https or localhost): a
 * platform served over plain http on a LAN address gets random hex from `getRandomValues` instead.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

// The auth and setup calls are form-encoded (SPEC §7); everything under /server-api/ speaks JSON.
const isFormEncoded = (path: string) => path.startsWith('/api/');

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

async function readBody(response: Response): Promise<unknown> {
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

function toApiError(response: Response, body: unknown): ApiError {
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
}

/** Without a valid session an authenticated call leads to sign-in (SPEC §2, §6). */
function redirectToSignIn({ sessionExpired }: SignInRedirectState): void {
  if (getAccessToken()) clearAccessToken({ loggedOut: false });
  navigateTo(paths.signIn, { replace: true, state: { sessionExpired } satisfies SignInRedirectState });
}

/**
 * The one way the web app talks to the server. Resolves with the parsed body (undefined for an empty
 * one) and rejects with an ApiError; a 401 on an authenticated call also ends the session.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const authenticated = options.authenticated ?? !isFormEncoded(path);
  const headers = new Headers({ Accept: 'application/json' });
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

  if (authenticated) {
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

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: AUTH_MESSAGES.unknownError });
  }

  const responseBody = await readBody(response);
  if (response.ok) return responseBody as T;

  const error = toApiError(response, responseBody);
  if (response.status === 401 && authenticated) redirectToSignIn({ sessionExpired: true });
  throw error;
}
