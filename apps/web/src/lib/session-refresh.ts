import { TOKEN_REFRESH_INTERVAL_MS } from '@platform/shared';
import { renewSession } from './api-client';
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

/**
 * Refreshes by the session, so a timer that fires late (a tab that slept past its token's 30 minutes)
 * still renews it. An ended session has led to sign-in already; a failure to ask is tried again soon.
 */
async function refreshAccessToken(): Promise<void> {
  refreshTimer = undefined;
  if (!getAccessToken()) return;
  if ((await renewSession()) === 'unknown' && getAccessToken()) scheduleRefresh(REFRESH_RETRY_MS);
}

// Whoever renewed the token (this timer, or a call that met an expired one), the next refresh is due
// 27 minutes after it.
subscribeToSession(() => {
  const dueAt = getRefreshDueAt();
  if (!getAccessToken() || dueAt === null) cancelRefresh();
  else scheduleRefresh(Math.max(0, dueAt - Date.now()));
});

/** After sign-in: keep the token and refresh it every 27 minutes (SPEC §7, §9). */
export function startSession(token: string): void {
  storeAccessToken(token, Date.now() + TOKEN_REFRESH_INTERVAL_MS);
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
