import { TOKEN_REFRESH_INTERVAL_MS, type TokenResponse } from '@platform/shared';
import { apiFetch, isApiError } from './api-client';
import {
  clearAccessToken,
  getAccessToken,
  getRefreshDueAt,
  storeAccessToken,
  subscribeToSession,
} from './session';

/** A refresh that failed for a reason other than a lost session (network, 5xx) is tried again this soon. */
export const REFRESH_RETRY_MS = 60_000;

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function cancelRefresh(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

function scheduleRefresh(delayMs: number): void {
  cancelRefresh();
  refreshTimer = setTimeout(() => void refreshAccessToken(), delayMs);
}

function keepToken(token: string): void {
  storeAccessToken(token, Date.now() + TOKEN_REFRESH_INTERVAL_MS);
  scheduleRefresh(TOKEN_REFRESH_INTERVAL_MS);
}

async function refreshAccessToken(): Promise<void> {
  refreshTimer = undefined;
  if (!getAccessToken()) return;
  try {
    const { id_token } = await apiFetch<TokenResponse>('/api/auth/refresh-token', {
      method: 'POST',
      authenticated: true,
    });
    keepToken(id_token);
  } catch (error) {
    // A 401 has already ended the session in the api client; anything else may pass.
    if (!(isApiError(error) && error.status === 401) && getAccessToken()) scheduleRefresh(REFRESH_RETRY_MS);
  }
}

subscribeToSession(() => {
  if (!getAccessToken()) cancelRefresh();
});

/** After sign-in: keep the token and refresh it every 27 minutes (SPEC §7, §9). */
export function startSession(token: string): void {
  keepToken(token);
}

/** After a page load: pick up the refresh schedule of a token kept in this tab. */
export function resumeSession(): void {
  if (!getAccessToken()) return;
  const dueAt = getRefreshDueAt() ?? Date.now();
  scheduleRefresh(Math.max(0, dueAt - Date.now()));
}

export function endSession(): void {
  cancelRefresh();
  clearAccessToken({ loggedOut: true });
}
