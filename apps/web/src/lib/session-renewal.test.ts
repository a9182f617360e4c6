import { AUTH_MESSAGES, DEACTIVATED_MESSAGES, ERROR_CODES } from '@platform/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi, type RecordedRequest } from '../test/api-mock';
import { apiFetch, ApiError } from './api-client';
import { setNavigator } from './navigation';
import { getAccessToken, storeAccessToken } from './session';
import { refreshSession } from './session-renewal';

// ADR 004: a call that meets an expired access token (a tab that slept) renews it by the session once,
// shared by every call that met it at the same moment, and sends itself again; an ended session leads to
// sign-in, back to the page the person was on.

const PROFILE = '/server-api/creator/profile';
const REFRESH = 'POST /api/auth/refresh-token';
const expired = () => ({ status: 401, body: errorBody(ERROR_CODES.unauthenticated, 'Session expired') });
const bearer = (request: RecordedRequest | undefined) => request?.headers.get('Authorization');

const navigate = vi.fn();
let restoreNavigator: () => void;

beforeEach(() => {
  navigate.mockReset();
  restoreNavigator = setNavigator(navigate);
  window.history.replaceState(null, '', '/campaigns/8f1c?tab=entries');
  storeAccessToken('expired-token', Date.now() - 60_000);
});
afterEach(() => {
  restoreNavigator();
  window.history.replaceState(null, '', '/');
});

/** Answers 401 to any token but the fresh one, as the server does to a token past its 30 minutes. */
const acceptingOnly =
  (token: string, body: unknown = { id: 'creator-1' }) =>
  (request: RecordedRequest) =>
    bearer(request) === `Bearer ${token}` ? { body } : expired();

/** The profile call meets an expired token, and the renewal finds the account deactivated. */
const deactivatedMeanwhile = () => ({
  [`GET ${PROFILE}`]: expired(),
  [REFRESH]: {
    status: 403,
    body: errorBody(ERROR_CODES.accountDeactivated, DEACTIVATED_MESSAGES.creator),
  },
});

describe('renewing the session when a call meets an expired token', () => {
  it('refreshes once with the token it holds and sends the call again with the new one', async () => {
    const api = mockApi({
      [`GET ${PROFILE}`]: acceptingOnly('fresh-token'),
      [REFRESH]: { body: { id_token: 'fresh-token', expires_in: 1800 } },
    });

    await expect(apiFetch(PROFILE)).resolves.toEqual({ id: 'creator-1' });

    const refreshes = api.requestsTo('POST', '/api/auth/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(bearer(refreshes[0])).toBe('Bearer expired-token');
    // The session's cookie goes with it: the refresh is same-origin.
    const refreshInit = api.fetchMock.mock.calls.find(([path]) => path === '/api/auth/refresh-token')?.[1];
    expect(refreshInit?.credentials).toBe('same-origin');
    expect(api.requestsTo('GET', PROFILE).map(bearer)).toEqual([
      'Bearer expired-token',
      'Bearer fresh-token',
    ]);
    expect(getAccessToken()).toBe('fresh-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that meet the expired token at once', async () => {
    let refreshed = 0;
    const api = mockApi({
      [`GET ${PROFILE}`]: acceptingOnly('fresh-token'),
      'GET /server-api/creator/get-info': acceptingOnly('fresh-token', { info: true }),
      'POST /server-api/campaigns/entry/search': acceptingOnly('fresh-token', { data: [] }),
      [REFRESH]: async () => {
        refreshed += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { body: { id_token: 'fresh-token', expires_in: 1800 } };
      },
    });

    const answers = await Promise.all([
      apiFetch(PROFILE),
      apiFetch('/server-api/creator/get-info'),
      apiFetch('/server-api/campaigns/entry/search', { method: 'POST', body: { campaignId: 'c-1' } }),
    ]);

    expect(answers).toEqual([{ id: 'creator-1' }, { info: true }, { data: [] }]);
    expect(refreshed).toBe(1);
    expect(api.requests.filter((request) => bearer(request) === 'Bearer fresh-token')).toHaveLength(3);
    // A later expiry is renewed by a refresh of its own.
    storeAccessToken('expired-token', Date.now() - 60_000);
    await apiFetch(PROFILE);
    expect(refreshed).toBe(2);
  });

  it('keeps the write’s Idempotency-Key and body when it sends the write again', async () => {
    const api = mockApi({
      'POST /server-api/campaigns/entry': acceptingOnly('fresh-token', { id: 'entry-1' }),
      [REFRESH]: { body: { id_token: 'fresh-token', expires_in: 1800 } },
    });
    await apiFetch('/server-api/campaigns/entry', {
      method: 'POST',
      body: { link: 'https://www.tiktok.com/@casey/video/1' },
      idempotencyKey: 'key-1',
    });
    const sent = api.requestsTo('POST', '/server-api/campaigns/entry');
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => request.headers.get('Idempotency-Key'))).toEqual(['key-1', 'key-1']);
    expect(sent[1]?.body).toEqual({ link: 'https://www.tiktok.com/@casey/video/1' });
  });

  it('goes to sign-in, naming the page to come back to, when the session has ended', async () => {
    const api = mockApi({ [`GET ${PROFILE}`]: expired(), [REFRESH]: expired() });

    const error: unknown = await apiFetch(PROFILE).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ApiError);
    expect(api.requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(api.requestsTo('GET', PROFILE)).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/sign-in?returnTo=%2Fcampaigns%2F8f1c%3Ftab%3Dentries', {
      replace: true,
      state: { sessionExpired: true },
    });
  });

  it('does not go round again when the renewed token is refused too', async () => {
    const api = mockApi({
      [`GET ${PROFILE}`]: expired(),
      [REFRESH]: { body: { id_token: 'fresh-token', expires_in: 1800 } },
    });

    await expect(apiFetch(PROFILE)).rejects.toMatchObject({ status: 401 });

    expect(api.requestsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(api.requestsTo('GET', PROFILE)).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('tells a deactivated account why its session ended', async () => {
    mockApi(deactivatedMeanwhile());

    await expect(apiFetch(PROFILE)).rejects.toMatchObject({ status: 401 });

    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/sign-in\?returnTo=/), {
      replace: true,
      state: { deactivated: DEACTIVATED_MESSAGES.creator },
    });
  });

  it('keeps the deactivation on the sign-in page when a call that was in flight comes back after it', async () => {
    mockApi(deactivatedMeanwhile());
    await expect(apiFetch(PROFILE)).rejects.toMatchObject({ status: 401 });
    const [[signInPath]] = navigate.mock.calls as [[string]];
    window.history.replaceState({ deactivated: DEACTIVATED_MESSAGES.creator }, '', signInPath);

    // The late call finds no token, and would lead to sign-in with nothing to say.
    await expect(apiFetch(PROFILE)).rejects.toMatchObject({ status: 401 });

    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/sign-in\?returnTo=/), {
      replace: true,
      state: { deactivated: DEACTIVATED_MESSAGES.creator },
    });
  });

  it('keeps the session when the refresh cannot reach the server, and says the call failed', async () => {
    const fetchMock = vi.fn(async (path: string) => {
      if (path === '/api/auth/refresh-token') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(expired().body), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch(PROFILE)).rejects.toMatchObject({ status: 401 });
    await expect(refreshSession()).resolves.toBe('unknown');

    expect(getAccessToken()).toBe('expired-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('answers a refused sign-in as it is, without a refresh', async () => {
    const api = mockApi({
      'POST /api/auth/sign-in': { status: 401, body: errorBody('QE4B9NJ8AD', AUTH_MESSAGES.signInFailed) },
    });
    await expect(apiFetch('/api/auth/sign-in', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'QE4B9NJ8AD',
    });
    expect(api.requests).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
