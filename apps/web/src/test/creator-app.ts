import type { CreatorInfo, ProfileResponse } from '@platform/shared';
import { storeAccessToken } from '../lib/session';
import { mockApi } from './api-mock';
import { renderApp, type RenderAppOptions } from './render';

type MockRoutes = Parameters<typeof mockApi>[0];

/** For tests of whole pages, whose code loads on first use: slow on a busy machine, not stuck. */
export const PAGE_TEST = { timeout: 15_000 };

/** The profile GET /server-api/creator/profile answers for the creator whose account this is. */
export function creatorProfileOf(info: CreatorInfo): ProfileResponse {
  return {
    id: info.id,
    email: info.email,
    emailVerified: info.emailVerified,
    status: info.status,
    role: 'Creator',
  };
}

/**
 * Opens the app at a path signed in as the creator whose account `info` is: their profile and get-info
 * are answered, and `routes` answers (or overrides) the rest.
 */
export function openAsCreator(
  path: string,
  info: CreatorInfo,
  routes: MockRoutes = {},
  options: RenderAppOptions = {},
) {
  const api = mockApi({
    'GET /server-api/creator/profile': { body: creatorProfileOf(info) },
    'GET /server-api/creator/get-info': { body: info },
    // An install whose payouts provider pays: the payments page asks for no payout details.
    'GET /server-api/creator/payout-details': { body: { details: null, needed: false } },
    ...routes,
  });
  storeAccessToken('token-1', Date.now() + 60_000);
  return { ...renderApp(path, options), api };
}

/** The URLs fetch was called with, query strings included (mockApi records paths only). */
export function calledUrls(api: ReturnType<typeof mockApi>): URL[] {
  return api.fetchMock.mock.calls.map(([input]) => urlOf(input));
}

const urlOf = (input: RequestInfo | URL) =>
  new URL(
    input instanceof Request ? input.url : input instanceof URL ? input.href : input,
    window.location.origin,
  );

/**
 * Lets one call of a mocked API answer with plain text, as GET /server-api/creator/user/{id}/deactivate
 * does; mockApi answers JSON only.
 */
export function answerWithText(api: ReturnType<typeof mockApi>, method: string, path: string, text: string) {
  const answerJson = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init = {}) => {
    const url = urlOf(input);
    if ((init.method ?? 'GET').toUpperCase() === method && url.pathname === path) {
      api.requests.push({
        method,
        path,
        headers: new Headers(init.headers),
        body: undefined,
        contentType: null,
      });
      return new Response(text, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    if (!answerJson) throw new Error('mockApi has no implementation to fall back on');
    return answerJson(input, init);
  });
}
