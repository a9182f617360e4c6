import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_SOCIAL_CREDENTIALS,
  startFakeSocialPlatforms,
  type FakeSocialPlatforms,
} from '../../test/fake-social-platforms';
import { createOfflineSocialAccounts } from './offline-social-accounts';
import { newOAuthState, newPkcePair, pkceChallengeOf } from './pkce';
import { socialAccountsFor } from './social-accounts-for';

let fake: FakeSocialPlatforms;

beforeAll(async () => {
  fake = await startFakeSocialPlatforms();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('PKCE and state', () => {
  it('makes the S256 challenge of RFC 7636’s example verifier', () => {
    expect(pkceChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a new verifier of 43 unreserved characters, and a new state, every time', () => {
    const pair = newPkcePair();
    expect(pair.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.codeChallenge).toBe(pkceChallengeOf(pair.codeVerifier));
    expect(newPkcePair().codeVerifier).not.toBe(pair.codeVerifier);
    expect(newOAuthState()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newOAuthState()).not.toBe(newOAuthState());
  });
});

describe('the offline social accounts', () => {
  it('offers no OAuth connection and reads no bio, asking nothing', async () => {
    const offline = createOfflineSocialAccounts();
    expect(offline.oauth).toEqual({});
    for (const platform of ['Youtube', 'TikTok', 'Instagram'] as const) {
      await expect(offline.profiles.readProfile(platform, 'anyone')).resolves.toEqual({
        kind: 'unavailable',
        reason: 'not-configured',
      });
    }
    await expect(offline.profiles.readProfile('Snapchat', 'anyone')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'unsupported',
    });
  });
});

describe('socialAccountsFor', () => {
  it('is the offline answer without settings', async () => {
    for (const settings of [undefined, {}]) {
      const accounts = socialAccountsFor(settings);
      expect(accounts.oauth).toEqual({});
      await expect(accounts.profiles.readProfile('Youtube', 'x')).resolves.toMatchObject({
        reason: 'not-configured',
      });
    }
  });

  it('offers what each platform’s settings allow, and nothing else', async () => {
    fake.setProfile('Youtube', { accountId: 'UC0000000000000000000001', handle: 'Chan', bio: 'code-1' });
    fake.setProfile('TikTok', { accountId: 'open-1', handle: 'tok', bio: 'code-2' });
    const accounts = socialAccountsFor(
      {
        youtube: { apiKey: FAKE_SOCIAL_CREDENTIALS.youtubeApiKey, baseUrls: { api: fake.url } },
        tiktok: {
          oauth: FAKE_SOCIAL_CREDENTIALS.tiktok,
          baseUrls: { authorization: fake.url, api: fake.url },
        },
        instagram: {
          oauth: FAKE_SOCIAL_CREDENTIALS.facebook,
          baseUrls: { dialog: fake.url, graph: fake.url },
        },
      },
      { timeoutMs: 2_000 },
    );
    expect(Object.keys(accounts.oauth).sort()).toEqual(['Instagram', 'TikTok']);
    expect(accounts.oauth.TikTok?.platform).toBe('TikTok');
    await expect(accounts.profiles.readProfile('Youtube', '@Chan')).resolves.toMatchObject({
      kind: 'profile',
      bio: 'code-1',
    });
    await expect(accounts.profiles.readProfile('TikTok', 'tok')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-configured',
    });
    await expect(accounts.profiles.readProfile('Instagram', 'x')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-configured',
    });
    await expect(accounts.profiles.readProfile('Snapchat', 'x')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'unsupported',
    });

    const { codeChallenge } = newPkcePair();
    const url = accounts.oauth.Instagram?.authorizationUrl({
      state: 's',
      codeChallenge,
      redirectUri: 'https://app.test/cb',
    });
    expect(url?.pathname).toBe('/v22.0/dialog/oauth');
  });

  it('reads TikTok and Instagram bios with their research and discovery settings', async () => {
    fake.setProfile('TikTok', { accountId: 'open-1', handle: 'tok', bio: 'code-2' });
    fake.setProfile('Instagram', { accountId: '17841400000000009', handle: 'gram', bio: 'code-3' });
    const accounts = socialAccountsFor({
      tiktok: { research: FAKE_SOCIAL_CREDENTIALS.tiktokResearch, baseUrls: { api: fake.url } },
      instagram: { discovery: FAKE_SOCIAL_CREDENTIALS.instagramDiscovery, baseUrls: { graph: fake.url } },
    });
    expect(accounts.oauth).toEqual({});
    await expect(accounts.profiles.readProfile('TikTok', 'tok')).resolves.toMatchObject({ bio: 'code-2' });
    await expect(accounts.profiles.readProfile('Instagram', 'gram')).resolves.toMatchObject({
      bio: 'code-3',
    });
  });
});
