import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto, rejectionOf } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import {
  FAKE_SOCIAL_CREDENTIALS,
  startFakeSocialPlatforms,
  type FakeSocialPlatforms,
} from '../../test/fake-social-platforms';
import { newOAuthState, newPkcePair } from './pkce';
import { AccountOAuthError, type AccountOAuth } from './social-accounts';
import {
  createYouTubeAccountOAuth,
  createYouTubeProfileReader,
  YOUTUBE_READONLY_SCOPE,
} from './youtube-accounts';

const REDIRECT_URI = 'https://app.example.test/creator/accounts/youtube/callback';
const CHANNEL = {
  accountId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  handle: 'RickAstleyYT',
  bio: 'Official channel. verify-7Q4K',
};
const NOW = new Date('2026-11-28T12:00:00.000Z');

let fake: FakeSocialPlatforms;
let logLines: string[];
let messages: string[];

beforeAll(async () => {
  fake = await startFakeSocialPlatforms();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  logLines = [];
  messages = [];
  fake.setProfile('Youtube', CHANNEL);
});
afterEach(() => {
  for (const text of [...logLines, ...messages]) {
    for (const secret of fake.secrets()) expect(text).not.toContain(secret);
  }
});

const logger = () => pino({ level: 'trace' }, collectInto(logLines));

function oauth(
  overrides: { baseUrl?: string; clientSecret?: string; timeoutMs?: number } = {},
): AccountOAuth {
  const baseUrl = overrides.baseUrl ?? fake.url;
  return createYouTubeAccountOAuth({
    clientId: FAKE_SOCIAL_CREDENTIALS.google.clientId,
    clientSecret: overrides.clientSecret ?? FAKE_SOCIAL_CREDENTIALS.google.clientSecret,
    baseUrls: { authorization: baseUrl, token: baseUrl, api: baseUrl },
    timeoutMs: overrides.timeoutMs ?? 2_000,
    logger: logger(),
    clock: { now: () => NOW },
  });
}

function reader(overrides: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) {
  return createYouTubeProfileReader({
    apiKey: overrides.apiKey ?? FAKE_SOCIAL_CREDENTIALS.youtubeApiKey,
    baseUrls: { api: overrides.baseUrl ?? fake.url },
    timeoutMs: overrides.timeoutMs ?? 2_000,
    logger: logger(),
  });
}

/** The creator's trip to Google and back: the code Google put on the redirect. */
async function codeFor(client: AccountOAuth, pkce = newPkcePair()) {
  const state = newOAuthState();
  const url = client.authorizationUrl({
    state,
    codeChallenge: pkce.codeChallenge,
    redirectUri: REDIRECT_URI,
  });
  const back = await fake.authorize(url);
  if (!('redirect' in back)) throw new Error(`the authorization page answered ${back.status}`);
  expect(back.redirect.searchParams.get('state')).toBe(state);
  return { code: back.redirect.searchParams.get('code') ?? '', codeVerifier: pkce.codeVerifier };
}

async function failureOf(promise: Promise<unknown>): Promise<AccountOAuthError> {
  const error = await rejectionOf(promise);
  messages.push(error.message, JSON.stringify(error));
  expect(error).toBeInstanceOf(AccountOAuthError);
  return error as AccountOAuthError;
}

describe("connecting a YouTube channel through Google's OAuth", () => {
  it('sends the creator to Google with the client, the read-only scope, the state and an S256 challenge', () => {
    const { codeChallenge } = newPkcePair();
    const url = oauth().authorizationUrl({ state: 'state-1', codeChallenge, redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: FAKE_SOCIAL_CREDENTIALS.google.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: YOUTUBE_READONLY_SCOPE,
      state: 'state-1',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    expect(
      createYouTubeAccountOAuth({ clientId: 'id', clientSecret: 'secret' })
        .authorizationUrl({ state: 's', codeChallenge, redirectUri: REDIRECT_URI })
        .toString(),
    ).toMatch(/^https:\/\/accounts\.google\.com\/o\/oauth2\/v2\/auth\?/);
  });

  it('exchanges the code with its verifier for tokens, and reads the channel id and handle', async () => {
    const client = oauth();
    const { code, codeVerifier } = await codeFor(client);
    const tokens = await client.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^ya29\./) as string,
      refreshToken: expect.any(String) as string,
      expiresAt: new Date(NOW.getTime() + 3599_000),
      scope: YOUTUBE_READONLY_SCOPE,
    });
    await expect(client.accountOf(tokens)).resolves.toEqual({
      accountId: CHANNEL.accountId,
      handle: 'rickastleyyt',
    });
    const tokenRequest = fake.requests.find((request) => request.url === '/token');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toMatchObject({
      grant_type: 'authorization_code',
      code_verifier: codeVerifier,
      redirect_uri: REDIRECT_URI,
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it('is refused the code with a wrong verifier, and a code used once already', async () => {
    const client = oauth();
    const { code } = await codeFor(client);
    const wrong = await failureOf(
      client.exchangeCode({ code, codeVerifier: newPkcePair().codeVerifier, redirectUri: REDIRECT_URI }),
    );
    expect(wrong).toMatchObject({
      kind: 'rejected-code',
      platform: 'Youtube',
      details: { status: 400, providerError: 'invalid_grant' },
    });
    expect(wrong.message).toBe('Google refused the authorization code (HTTP 400: invalid_grant)');

    const second = await codeFor(client);
    await client.exchangeCode({ ...second, redirectUri: REDIRECT_URI });
    const reused = await failureOf(client.exchangeCode({ ...second, redirectUri: REDIRECT_URI }));
    expect(reused.kind).toBe('rejected-code');
  });

  it("says our credentials were refused, and logs it, when Google does not know the app's secret", async () => {
    const client = oauth({ clientSecret: 'GOCSPX-not-the-secret' });
    const { code, codeVerifier } = await codeFor(oauth());
    const error = await failureOf(client.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI }));
    expect(error).toMatchObject({
      kind: 'refused',
      details: { status: 401, providerError: 'invalid_client' },
    });
    expect(logLines.join('')).toContain('invalid_client');
    for (const line of logLines) expect(line).not.toContain('GOCSPX-not-the-secret');
  });

  it('tells a failing token endpoint, a slow one, a malformed answer and an unreachable one apart', async () => {
    const client = oauth({ timeoutMs: 150 });
    const exchange = async () =>
      client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    fake.fail('Youtube', 'token', { status: 503, body: { error: 'temporarily_unavailable' } });
    expect((await failureOf(exchange())).kind).toBe('status');
    fake.fail('Youtube', 'token', { slowMs: 600 });
    expect(await failureOf(exchange())).toMatchObject({
      kind: 'timeout',
      message: 'Google did not answer within 150 ms',
    });
    fake.fail('Youtube', 'token', { malformed: true });
    expect((await failureOf(exchange())).kind).toBe('malformed');
    const port = await closedPort();
    const unreachable = oauth({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await failureOf(
      unreachable.exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: REDIRECT_URI }),
    );
    expect(error).toMatchObject({ kind: 'network', message: 'Google could not be reached (ECONNREFUSED)' });
  });

  it('says there is no account when the Google account has no channel, and refused for a token Google does not take', async () => {
    const client = oauth();
    fake.setProfile('Youtube', { accountId: 'UCsecond0000000000000000', handle: 'Second', bio: '' });
    fake.signIn('Youtube', 'UCnochannel0000000000000');
    const tokens = await client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    expect((await failureOf(client.accountOf(tokens))).kind).toBe('no-account');
    const refused = await failureOf(client.accountOf({ accessToken: 'ya29.revoked' }));
    expect(refused).toMatchObject({ kind: 'refused', details: { status: 401, providerError: 'authError' } });
    fake.fail('Youtube', 'account', {
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'quotaExceeded' }] } },
    });
    expect((await failureOf(client.accountOf(tokens))).kind).toBe('status');
  });
});

describe("reading a YouTube channel's description with an API key", () => {
  it('finds the channel by its handle, with or without the @, and its description with the code in it', async () => {
    await expect(reader().read('@RickAstleyYT')).resolves.toEqual({
      kind: 'profile',
      accountId: CHANNEL.accountId,
      handle: 'rickastleyyt',
      bio: 'Official channel. verify-7Q4K',
    });
    await expect(reader().read('rickastleyyt')).resolves.toMatchObject({ kind: 'profile' });
    const query = new URL(fake.requests.at(-1)?.url ?? '', fake.url).searchParams;
    expect(query.get('forHandle')).toBe('@rickastleyyt');
    expect(query.get('part')).toBe('snippet');
  });

  it('says not found for a handle no channel has, and asks nothing for one YouTube could not have given', async () => {
    await expect(reader().read('@nobody-here')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    const asked = fake.requests.length;
    await expect(reader().read('no/such?handle')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    expect(fake.requests).toHaveLength(asked);
  });

  it('says refused for a key YouTube does not take, and logs it without the key', async () => {
    await expect(reader({ apiKey: 'AIzaSy-wrong-key' }).read('RickAstleyYT')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'refused',
    });
    expect(logLines.join('')).toContain('keyInvalid');
    expect(logLines.join('')).not.toContain('AIzaSy-wrong-key');
  });

  it.each([
    [{ status: 401 }, 'refused'],
    [{ status: 403, body: { error: { code: 403, errors: [{ reason: 'forbidden' }] } } }, 'refused'],
    [{ status: 403, body: { error: { code: 403, errors: [{ reason: 'quotaExceeded' }] } } }, 'status'],
    [{ status: 404 }, 'not-found'],
    [{ status: 429 }, 'status'],
    [{ status: 500 }, 'status'],
    [{ malformed: true as const }, 'malformed'],
    [{ slowMs: 600 }, 'timeout'],
  ])('answers %o as %s', async (failure, reason) => {
    fake.fail('Youtube', 'profile', failure);
    await expect(reader({ timeoutMs: 150 }).read('RickAstleyYT')).resolves.toEqual({
      kind: 'unavailable',
      reason,
    });
  });

  it('says network when YouTube cannot be reached', async () => {
    const port = await closedPort();
    await expect(reader({ baseUrl: `http://127.0.0.1:${port}` }).read('RickAstleyYT')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });
});
