import { ERROR_CODES, TOKEN_REFRESH_INTERVAL_MS, type TokenResponse } from '@platform/shared';
import { readBody, redirectToSignIn, REFRESH_PATH, send, toApiError } from './api-client';
import { storeAccessToken } from './session';

/** Whether the session went on (a new token kept), ended, or could not be asked (offline, a 5xx). */
export type RefreshOutcome = 'refreshed' | 'ended' | 'unknown';
let refreshing: Promise<RefreshOutcome> | null = null;

async function refreshOnce(): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await send(REFRESH_PATH, { method: 'POST', authenticated: true }, 'application/json');
  } catch {
    return 'unknown';
  }
  const body = await readBody(response);
  if (response.ok) {
    storeAccessToken((body as TokenResponse).id_token, Date.now() + TOKEN_REFRESH_INTERVAL_MS);
    return 'refreshed';
  }
  if (response.status !== 401 && response.status !== 403) return 'unknown';
  const error = toApiError(response, body);
  redirectToSignIn(
    error.code === ERROR_CODES.accountDeactivated ? { deactivated: error.message } : { sessionExpired: true },
  );
  return 'ended';
}

/**
 * Renews the access token by the session (ADR 004): the token the tab holds, expired or not, with the
 * session's HttpOnly cookie. Calls that meet an expired token at the same moment share one refresh. A
 * session that has ended leads to sign-in.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}
