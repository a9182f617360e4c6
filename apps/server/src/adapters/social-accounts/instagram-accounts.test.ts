import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto, rejectionOf } from '../../test/capture';
import {
  FAKE_SOCIAL_CREDENTIALS,
  startFakeSocialPlatforms,
  type FakeSocialPlatforms,
} from '../../test/fake-social-platforms';
import {
  createInstagramAccountOAuth,
  createInstagramProfileReader,
  FACEBOOK_GRAPH_VERSION,
  INSTAGRAM_LOGIN_SCOPES,
} from './instagram-accounts';
import { newOAuthState, newPkcePair } from './pkce';
import { AccountOAuthError, type AccountOAuth } from './social-accounts';

const REDIRECT_URI = 'https://app.example.test/creator/accounts/instagram/callback';
const ACCOUNT = { accountId: '17841405822304914', handle: 'bluebottle', bio: 'Coffee ☕ code: verify-X9Z1' };

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
  fake.setProfile('Instagram', ACCOUNT);
});
afterEach(() => {
  for (const text of [...logLines, ...messages]) {
    for (const secret of fake.secrets()) expect(text).not.toContain(secret);
  }
});

const common = (timeoutMs = 2_000) => ({
  baseUrls: { dialog: fake.url, graph: fake.url },
  timeoutMs,
  logger: pino({ level: 'trace' }, collectInto(logLines)),
});
const oauth = (appSecret: string = FAKE_SOCIAL_CREDENTIALS.facebook.appSecret, timeoutMs?: number) =>
  createInstagramAccountOAuth({
    ...common(timeoutMs),
    appId: FAKE_SOCIAL_CREDENTIALS.facebook.appId,
    appSecret,
  });
const reader = (
  timeoutMs?: number,
  accessToken: string = FAKE_SOCIAL_CREDENTIALS.instagramDiscovery.accessToken,
) =>
  createInstagramProfileReader({
    ...common(timeoutMs),
    igUserId: FAKE_SOCIAL_CREDENTIALS.instagramDiscovery.igUserId,
    accessToken,
  });

async function codeFor(client: AccountOAuth, pkce = newPkcePair()) {
  const state = newOAuthState();
  const back = await fake.authorize(
    client.authorizationUrl({ state, codeChallenge: pkce.codeChallenge, redirectUri: REDIRECT_URI }),
  );
  if (!('redirect' in back)) throw new Error(`the login dialog answered ${back.status}`);
  expect(back.redirect.searchParams.get('state')).toBe(state);
  return { code: back.redirect.searchParams.get('code') ?? '', codeVerifier: pkce.codeVerifier };
}

async function failureOf(promise: Promise<unknown>): Promise<AccountOAuthError> {
  const error = await rejectionOf(promise);
  messages.push(error.message, JSON.stringify(error));
  expect(error).toBeInstanceOf(AccountOAuthError);
  return error as AccountOAuthError;
}

describe('connecting an Instagram professional account through Facebook Login', () => {
  it("sends the creator to Facebook's login dialog with the app, the scopes, the state and an S256 challenge", () => {
    const { codeChallenge } = newPkcePair();
    const url = oauth().authorizationUrl({ state: 'state-1', codeChallenge, redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${fake.url}/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: FAKE_SOCIAL_CREDENTIALS.facebook.appId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: INSTAGRAM_LOGIN_SCOPES,
      state: 'state-1',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with its verifier, and reads the professional account linked to a Page', async () => {
    const client = oauth();
    const tokens = await client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^EAAG/) as string,
      expiresAt: expect.any(Date) as Date,
    });
    expect(tokens.refreshToken).toBeUndefined();
    await expect(client.accountOf(tokens)).resolves.toEqual({
      accountId: ACCOUNT.accountId,
      handle: 'bluebottle',
    });
    expect(decodeURIComponent(fake.requests.at(-1)?.url ?? '')).toBe(
      `/${FACEBOOK_GRAPH_VERSION}/me/accounts?fields=instagram_business_account{id,username}`,
    );
  });

  it('is refused the code with a wrong verifier or a second time, and a wrong app secret', async () => {
    const client = oauth();
    const { code } = await codeFor(client);
    const wrong = await failureOf(
      client.exchangeCode({ code, codeVerifier: newPkcePair().codeVerifier, redirectUri: REDIRECT_URI }),
    );
    expect(wrong).toMatchObject({
      kind: 'rejected-code',
      platform: 'Instagram',
      details: { status: 400, providerError: 'code 100' },
    });
    expect(
      (await failureOf(client.exchangeCode({ code, codeVerifier: 'v', redirectUri: REDIRECT_URI }))).kind,
    ).toBe('rejected-code');
    const misconfigured = await failureOf(
      oauth('wrong-app-secret').exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI }),
    );
    expect(misconfigured).toMatchObject({ kind: 'refused', details: { providerError: 'code 1' } });
  });

  it('tells failures apart: 5xx, slow, malformed', async () => {
    const client = oauth(undefined, 150);
    const exchange = async () =>
      client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    fake.fail('Instagram', 'token', { status: 500 });
    expect((await failureOf(exchange())).kind).toBe('status');
    fake.fail('Instagram', 'token', { slowMs: 600 });
    expect((await failureOf(exchange())).kind).toBe('timeout');
    fake.fail('Instagram', 'token', { malformed: true });
    expect((await failureOf(exchange())).kind).toBe('malformed');
  });

  it('says there is no account without a linked professional account, refused for a bad token, status when limited', async () => {
    const client = oauth();
    fake.signIn('Instagram', 'a-personal-account');
    const tokens = await client.exchangeCode({ ...(await codeFor(client)), redirectUri: REDIRECT_URI });
    expect((await failureOf(client.accountOf(tokens))).kind).toBe('no-account');
    const refused = await failureOf(client.accountOf({ accessToken: 'EAAGrevoked' }));
    expect(refused).toMatchObject({ kind: 'refused', details: { providerError: 'code 190' } });
    fake.fail('Instagram', 'account', {
      status: 400,
      body: { error: { code: 17, message: 'User request limit reached' } },
    });
    expect((await failureOf(client.accountOf(tokens))).kind).toBe('status');
  });
});

describe('reading an Instagram bio through business discovery', () => {
  it("finds the bio with the code in it through the operator's account", async () => {
    await expect(reader().read('@BlueBottle')).resolves.toEqual({
      kind: 'profile',
      accountId: ACCOUNT.accountId,
      handle: 'bluebottle',
      bio: ACCOUNT.bio,
    });
    const asked = fake.requests.at(-1);
    expect(decodeURIComponent(asked?.url ?? '')).toBe(
      `/${FACEBOOK_GRAPH_VERSION}/${FAKE_SOCIAL_CREDENTIALS.instagramDiscovery.igUserId}` +
        '?fields=business_discovery.username(BlueBottle){id,username,biography}',
    );
    expect(asked?.headers.authorization).toBe(
      `Bearer ${FAKE_SOCIAL_CREDENTIALS.instagramDiscovery.accessToken}`,
    );
  });

  it('says not found for a handle that is no professional account, and asks nothing for one that cannot be', async () => {
    await expect(reader().read('nobody.here')).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
    const asked = fake.requests.length;
    await expect(reader().read('bad){id}')).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
    expect(fake.requests).toHaveLength(asked);
  });

  it("says refused, and logs it, when the operator's token is refused", async () => {
    await expect(reader(undefined, 'EAAGexpired').read('bluebottle')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'refused',
    });
    expect(logLines.join('')).toContain('code 190');
    expect(logLines.join('')).not.toContain('EAAGexpired');
  });

  it.each([
    [{ status: 401 }, 'refused'],
    [{ status: 403 }, 'refused'],
    [{ status: 404 }, 'not-found'],
    [{ status: 400, body: { error: { code: 4, message: 'Application request limit reached' } } }, 'status'],
    [{ status: 429 }, 'status'],
    [{ status: 502 }, 'status'],
    [{ malformed: true as const }, 'malformed'],
    [{ slowMs: 600 }, 'timeout'],
  ])('answers %o as %s', async (failure, reason) => {
    fake.fail('Instagram', 'profile', failure);
    await expect(reader(150).read('bluebottle')).resolves.toEqual({ kind: 'unavailable', reason });
  });
});
