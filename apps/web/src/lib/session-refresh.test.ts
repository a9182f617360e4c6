import { TOKEN_REFRESH_INTERVAL_MS } from '@platform/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '../test/api-mock';
import { setNavigator } from './navigation';
import { getAccessToken, isLoggedOut } from './session';
import { endSession, REFRESH_RETRY_MS, resumeSession, startSession } from './session-refresh';

const navigate = vi.fn();
let restoreNavigator: () => void;

// The renewal loads on its first use; loaded here once, so that fake timers alone decide when it runs.
beforeAll(() => import('./session-renewal'));
beforeEach(() => {
  vi.useFakeTimers();
  navigate.mockReset();
  restoreNavigator = setNavigator(navigate);
});
afterEach(() => restoreNavigator());

describe('token refresh', () => {
  it('refreshes the token every 27 minutes after sign-in', async () => {
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(27 * 60 * 1000);
    let issued = 1;
    const api = mockApi({
      'POST /api/auth/refresh-token': () => ({ body: { id_token: `token-${++issued}`, expires_in: 1800 } }),
    });
    startSession('token-1');

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1);
    expect(api.fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(getAccessToken()).toBe('token-2');

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(api.requests).toHaveLength(2);
    expect(api.requests[1]?.headers.get('Authorization')).toBe('Bearer token-2');
    expect(getAccessToken()).toBe('token-3');
  });

  it('picks up the schedule after a reload from the stored due time', async () => {
    const api = mockApi({
      'POST /api/auth/refresh-token': { body: { id_token: 'token-2', expires_in: 1800 } },
    });
    window.sessionStorage.setItem('id_token', 'token-1');
    window.sessionStorage.setItem('id_token_refresh_due_at', String(Date.now() + 5 * 60 * 1000));
    resumeSession();

    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1);
    expect(api.fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(getAccessToken()).toBe('token-2');
  });

  it('ends the session and goes to sign-in when the refresh answers 401', async () => {
    mockApi({
      'POST /api/auth/refresh-token': { status: 401, body: errorBody('UNAUTHENTICATED', 'Session ended') },
    });
    startSession('token-1');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);

    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true, state: { sessionExpired: true } });
  });

  it('tries again soon when the server cannot be reached', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    startSession('token-1');

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getAccessToken()).toBe('token-1');
  });

  it('stops refreshing after sign-out and marks the person logged out', async () => {
    const api = mockApi({});
    startSession('token-1');
    endSession();

    await vi.advanceTimersByTimeAsync(2 * TOKEN_REFRESH_INTERVAL_MS);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
    expect(isLoggedOut()).toBe(true);
  });
});
