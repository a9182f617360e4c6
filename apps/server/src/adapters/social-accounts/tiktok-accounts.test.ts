import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto, rejectionOf } from '../../test/capture';
import {
  FAKE_SOCIAL_CREDENTIALS,
  startFakeSocialPlatforms,
  type FakeSocialPlatforms,
} from '../../test/fake-social-platforms';
import { newOAuthState, newPkcePair } from './pkce';
import { AccountOAuthError, type AccountOAuth } from './social-accounts';
import { createTikTokAccountOAuth, createTikTokProfileReader, TIKTOK_LOGIN_SCOPES } from './tiktok-accounts';

const REDIRECT_URI = 'https://app.example.test/creator/accounts/tiktok/callback';
const USER = {
  accountId: '-000fake-open-id-of-scout',
  handle: 'scout2015',
  bio: 'Dog videos 🐶 verify-R2D2',
};

let fake: FakeSocialPlatforms;
let logLines: string[];
let messages: string[];
let nowMs: number;

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
  nowMs = Date.parse('2026-11-28T12:00:00.000Z');
  fake.setProfile('TikTok', USER);
});
afterEach(() => {
  for (const text of [...logLines, ...messages]) {
    for (const secret of fake.secrets()) expect(text).not.toContain(secret);
  }
});

const common = (timeoutMs = 2_000) => ({
  baseUrls: { authorization: fake.url, api: fake.url },
  timeoutMs,
  logger: pino({ level: 'trace' }, collectInto(logLines)),
  clock: { now: () => new Date(nowMs) },
});

const oauth = (clientSecret: string = FAKE_SOCIAL_CREDENTIALS.tiktok.clientSecret, timeoutMs?: number) =>
  createTikTokAccountOAuth({
    ...common(timeoutMs),
    clientKey: FAKE_SOCIAL_CREDENTIALS.tiktok.clientKey,
    clientSecret,
  });
const reader = (
  timeoutMs?: number,
  clientSecret: string = FAKE_SOCIAL_CREDENTIALS.tiktokResearch.clientSecret,
) =>
  createTikTokProfileReader({
    ...common(timeoutMs),
    clientKey: FAKE_SOCIAL_CREDENTIALS.tiktokResearch.clientKey,
    clientSecret,
  });

async function codeFor(client: AccountOAuth, pkce = newPkcePair()) {
  const state = newOAuthState();
  const back = await fake.authorize(
    client.authorizationUrl({ state, codeChallenge: pkce.codeChallenge, redirectUri: REDIRECT_URI }),
  );
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

describe('connecting a TikTok account through Login Kit', () => {
  it("sends the creator to TikTok with the app's client_key, the scopes, the state and an S256 challenge", () => {
    const { codeChallenge } = newPkcePair();
    const url = oauth().authorizationUrl({ state: 'state-1', codeChallenge, redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${fake.url}/v2/auth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: FAKE_SOCIAL_CREDENTIALS.tiktok.clientKey,
      response_type: 'code',
      scope: TIKTOK_LOGIN_SCOPES,
      redirect_uri: REDIRECT_URI,
      state: 'state-1',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with its verifier, and reads the open_id and username', async () => {
    const client = oauth();
    const { code, codeVerifier } = await codeFor(client);
    const tokens = await client.exchangeCode({ code, codeVerifier, redirectUri: REDIRECT_URI });
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^act\./) as string,
      refreshToken: expect.any(String) as string,
      expiresAt: new Date(nowMs + 3599_000),
      scope: TIKTOK_LOGIN_SCOPES,
    });
    const form = Object.fromEntries(
      new URLSearchParams(fake.requests.find((r) => r.url === '/v2/oauth/token/')?.body),
    );
    expect(form).toEqual({
      client_key: FAKE_SOCIAL_CREDENTIALS.tiktok.clientKey,
      client_secret: FAKE_SOCIAL_CREDENTIALS.tiktok.clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code_verifier: codeVerifier,
    });
    await expect(client.accountOf(tokens)).resolves.toEqual({
      accountId: USER.accountId,
      handle: 'scout2015',
    });
    expect(fake.requests.at(-1)?.url).toBe('/v2/user/info/?fields=open_id,username');
  });

  it('is refused the code with a wrong verifier or a second time, and our secret when it is wrong', async () => {
    const client = oauth();
    const { code } = await codeFor(client);
    const wrong = await failureOf(
      client.exchangeCode({ code, codeVerifier: newPkcePair().codeVerifier, redirectUri: REDIRECT_URI }),
    );
    expect(wrong).toMatchObject({
      kind: 'rejected-code',
      platform: 'TikTok',
      details: { providerError: 'invalid_request' },
    });
    const reused = await failureOf(
      client.exchangeCode({ code, codeVerifier: 'x'.repeat(43), redirectUri: REDIRECT_URI }),
    );
    expect(reused).toMatchObject({ kind: 'rejected-code', details: { providerError: 'invalid_grant' } });

    const misconfigured = oauth('not-the-tiktok-secret');
    const error = await failureOf(
      misconfigured.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI }),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      details: { status: 401, providerError: 'invalid_client' },
    });
    expect(logLines.join('')).not.toContain('not-the-tiktok-secret');
  });

  it('reads an error TikTok sends with status 200 as the refusal it is', async () => {
    fake.fail('TikTok', 'token', {
      status: 200,
      body: { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'L' },
    });
    const error = await failureOf(
      oauth().exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: REDIRECT_URI }),
    );
    expect(error.kind).toBe('rejected-code');
  });

  it('tells failures apart: 5xx, 429, slow, malformed', async () => {
    const client = oauth(undefined, 150);
    const exchange = async () =>
      client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    fake.fail('TikTok', 'token', { status: 500, body: { error: 'server_error' } });
    expect((await failureOf(exchange())).kind).toBe('status');
    fake.fail('TikTok', 'token', { status: 429 });
    expect((await failureOf(exchange())).kind).toBe('status');
    fake.fail('TikTok', 'token', { slowMs: 600 });
    expect((await failureOf(exchange())).kind).toBe('timeout');
    fake.fail('TikTok', 'token', { malformed: true });
    expect((await failureOf(exchange())).kind).toBe('malformed');
  });

  it('says there is no account without a username (the profile scope refused), and refused for a bad token', async () => {
    const client = oauth();
    const tokens = await client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    fake.fail('TikTok', 'account', {
      status: 200,
      body: { data: { user: { open_id: USER.accountId } }, error: { code: 'ok' } },
    });
    expect((await failureOf(client.accountOf(tokens))).kind).toBe('no-account');
    fake.reset();
    const refused = await failureOf(client.accountOf(tokens));
    expect(refused).toMatchObject({
      kind: 'refused',
      details: { status: 401, providerError: 'access_token_invalid' },
    });
  });
});

describe('reading a TikTok bio through the Research API', () => {
  it('finds the bio with the code in it, asking for a client token once', async () => {
    const profiles = reader();
    await expect(profiles.read('@scout2015')).resolves.toEqual({
      kind: 'profile',
      accountId: `research-${USER.accountId}`,
      handle: 'scout2015',
      bio: USER.bio,
    });
    await profiles.read('scout2015');
    const grants = fake.requests.filter((request) => request.url === '/v2/oauth/token/');
    expect(grants).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(grants[0]?.body))).toMatchObject({
      grant_type: 'client_credentials',
    });
    const asked = fake.requests.filter((request) => request.url.startsWith('/v2/research/user/info/'));
    expect(asked.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { username: 'scout2015' },
      { username: 'scout2015' },
    ]);
  });

  it('asks for a new client token when the one it has expires', async () => {
    const profiles = reader();
    await profiles.read('scout2015');
    nowMs += 7_200_000;
    await profiles.read('scout2015');
    expect(fake.requests.filter((request) => request.url === '/v2/oauth/token/')).toHaveLength(2);
  });

  it('asks for a new client token after TikTok stops taking the one it has', async () => {
    const profiles = reader();
    fake.fail('TikTok', 'profile', {
      status: 401,
      body: { data: {}, error: { code: 'access_token_invalid' } },
    });
    await expect(profiles.read('scout2015')).resolves.toEqual({ kind: 'unavailable', reason: 'refused' });
    fake.heal('TikTok', 'profile');
    await expect(profiles.read('scout2015')).resolves.toMatchObject({ kind: 'profile', bio: USER.bio });
    expect(fake.requests.filter((request) => request.url === '/v2/oauth/token/')).toHaveLength(2);
  });

  it('says not found for a username TikTok does not know, or cannot have', async () => {
    await expect(reader().read('nobody_here')).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
    await expect(reader().read('has space')).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
  });

  it('says refused, and logs it, when the research credentials are refused', async () => {
    await expect(reader(undefined, 'wrong-research-secret').read('scout2015')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'refused',
    });
    expect(logLines.join('')).toContain('invalid_client');
  });

  it.each([
    [{ status: 401 }, 'refused'],
    [{ status: 403 }, 'refused'],
    [{ status: 404 }, 'not-found'],
    [{ status: 429, body: { data: {}, error: { code: 'rate_limit_exceeded' } } }, 'status'],
    [{ status: 500 }, 'status'],
    [{ malformed: true as const }, 'malformed'],
    [{ slowMs: 600 }, 'timeout'],
  ])('answers %o as %s', async (failure, reason) => {
    fake.fail('TikTok', 'profile', failure);
    await expect(reader(150).read('scout2015')).resolves.toEqual({ kind: 'unavailable', reason });
  });

  it('answers a failing client token endpoint as the failure it is', async () => {
    fake.fail('TikTok', 'client-token', { slowMs: 600 });
    await expect(reader(150).read('scout2015')).resolves.toEqual({ kind: 'unavailable', reason: 'timeout' });
    fake.fail('TikTok', 'client-token', { status: 503 });
    await expect(reader(150).read('scout2015')).resolves.toEqual({ kind: 'unavailable', reason: 'status' });
  });
});
