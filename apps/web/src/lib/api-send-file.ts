import { AUTH_MESSAGES, ERROR_CODES, readErrorBody } from '@platform/shared';
import { ApiError, CLIENT_ERROR_CODES, type SignInRedirectState } from './api-client';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { clearAccessToken, getAccessToken } from './session';

export interface SendFileOptions {
  /** The type the route reads the body as: 'text/csv'. */
  contentType: string;
  method?: 'POST' | 'PUT';
  signal?: AbortSignal;
}

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function endSession(sessionExpired: boolean): void {
  if (getAccessToken()) clearAccessToken({ loggedOut: false });
  navigateTo(paths.signIn, { replace: true, state: { sessionExpired } satisfies SignInRedirectState });
}

/**
 * Sends a file as the whole body of a `/server-api` call (a CSV import, say), with the bearer token, and
 * answers its JSON. `apiFetch` sends every body there as JSON; this is for the routes that read a file's
 * own type. It fails as `apiFetch` does: an ApiError in the server's format, a network failure as status
 * 0, and a missing or refused session leads to sign-in.
 */
export async function apiSendFile<T>(path: string, file: Blob, options: SendFileOptions): Promise<T> {
  const { contentType, method = 'POST', signal } = options;
  const token = getAccessToken();
  if (!token) {
    endSession(false);
    throw new ApiError({
      status: 401,
      code: ERROR_CODES.unauthenticated,
      message: AUTH_MESSAGES.sessionExpired,
    });
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: 'application/json', 'Content-Type': contentType, Authorization: `Bearer ${token}` },
      body: file,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: AUTH_MESSAGES.unknownError });
  }
  const body = readJson(await response.text());
  if (response.ok) return body as T;
  if (response.status === 401) endSession(true);
  const error = readErrorBody(body);
  throw new ApiError(
    error
      ? { status: response.status, ...error }
      : {
          status: response.status,
          code: CLIENT_ERROR_CODES.unexpectedResponse,
          message: AUTH_MESSAGES.unknownError,
        },
  );
}
