import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ENTRY_MESSAGES,
  HANDLE_VERIFICATION_MESSAGES as MESSAGES,
  type CreatorPlatform,
  type HandleEvidenceReview,
  type HandleVerification,
  type HandleVerificationList,
} from '@platform/shared';
import {
  auditLog,
  campaignEntries,
  connectedAccountTokens,
  handleVerificationAttempts,
} from '../../db/schema/index';
import {
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  joinedCreator,
  signedIn,
  TINY_MP4,
  uniqueHandle,
  verifyHandle,
  type SignedIn,
  type World,
} from '../../test/factories';
import {
  FAKE_SOCIAL_CREDENTIALS as CREDENTIALS,
  startFakeSocialPlatforms,
  type FakeSocialPlatforms,
} from '../../test/fake-social-platforms';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, signedUrlPath, type TestApp } from '../../test/harness';

const BASE = '/server-api/creator/handle-verifications';
const EVIDENCE = '/server-api/marketing/handle-evidence';
const ENTRY = '/server-api/campaigns/entry';

let fake: FakeSocialPlatforms;
let context: TestApp;
let world: World;
let accountSeq = 0;

beforeAll(async () => {
  fake = await startFakeSocialPlatforms();
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: {
      POST_LINK_RESOLUTION: 'off',
      SOCIAL_PLATFORMS_URL: fake.url,
      YOUTUBE_API_KEY: CREDENTIALS.youtubeApiKey,
      GOOGLE_OAUTH_CLIENT_ID: CREDENTIALS.google.clientId,
      GOOGLE_OAUTH_CLIENT_SECRET: CREDENTIALS.google.clientSecret,
      TIKTOK_LOGIN_CLIENT_KEY: CREDENTIALS.tiktok.clientKey,
      TIKTOK_LOGIN_CLIENT_SECRET: CREDENTIALS.tiktok.clientSecret,
      TIKTOK_RESEARCH_CLIENT_KEY: CREDENTIALS.tiktokResearch.clientKey,
      TIKTOK_RESEARCH_CLIENT_SECRET: CREDENTIALS.tiktokResearch.clientSecret,
      FACEBOOK_APP_ID: CREDENTIALS.facebook.appId,
      FACEBOOK_APP_SECRET: CREDENTIALS.facebook.appSecret,
      INSTAGRAM_DISCOVERY_USER_ID: CREDENTIALS.instagramDiscovery.igUserId,
      INSTAGRAM_GRAPH_TOKEN: CREDENTIALS.instagramDiscovery.accessToken,
    },
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** A creator with an unproven handle on `platform`, signed in. */
async function creatorWithHandle(platform: CreatorPlatform = 'Youtube', handle = uniqueHandle()) {
  const creator = await signedIn(context, await createCreator(context));
  await giveHandle(context, creator.account.id, platform, handle, { verified: false });
  return { creator, handle };
}

const channelId = () => `UC${String(++accountSeq).padStart(22, '0')}`;

type ProvablePlatform = 'Youtube' | 'TikTok' | 'Instagram';
const PROVABLE: ProvablePlatform[] = ['Youtube', 'TikTok', 'Instagram'];
/** How each platform's fake begins the user tokens it issues. */
const TOKEN_PREFIXES: Record<ProvablePlatform, string> = {
  Youtube: 'ya29.',
  TikTok: 'act.',
  Instagram: 'EAAG',
};

/** An account id as each platform writes one: a channel id, a TikTok open_id, an Instagram user id. */
const accountIdOn = (platform: ProvablePlatform) =>
  ({
    Youtube: channelId(),
    TikTok: `-000${String(++accountSeq).padStart(8, '0')}-open-id`,
    Instagram: `178414${String(++accountSeq).padStart(11, '0')}`,
  })[platform];

async function verificationOn(creator: SignedIn, platform: CreatorPlatform): Promise<HandleVerification> {
  const list = (await creator.as.get(BASE)).json<HandleVerificationList>();
  const item = list.items.find((candidate) => candidate.platform === platform);
  if (!item) throw new Error(`no ${platform} handle`);
  return item;
}

describe('a code in the bio', () => {
  it.each(PROVABLE)(
    'is read back from %s: not there yet, then found, and the account’s id kept',
    async (platform) => {
      const { creator, handle } = await creatorWithHandle(platform);
      const before = await verificationOn(creator, platform);
      expect(before).toMatchObject({
        handle,
        verified: null,
        latestAttempt: null,
        ways: { oauth: true, bioCode: true, evidence: true },
      });

      const started = await creator.as.post(`${BASE}/${platform}/bio-code`);
      expect(started.statusCode, started.body).toBe(200);
      const code = started.json<HandleVerification>().latestAttempt?.code;
      expect(code).toMatch(/^CP-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);

      const id = accountIdOn(platform);
      fake.setProfile(platform, { accountId: id, handle, bio: 'Dance covers every Friday.' });
      const notYet = await creator.as.post(`${BASE}/${platform}/bio-code/check`);
      expect(notYet.statusCode).toBe(422);
      expect(errorOf(notYet).message).toBe(MESSAGES.codeNotFound(platform, handle, code ?? ''));

      fake.setProfile(platform, {
        accountId: id,
        handle,
        bio: `Dance covers every Friday. ${code?.toLowerCase()}`,
      });
      const found = await creator.as.post(`${BASE}/${platform}/bio-code/check`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<HandleVerification>()).toMatchObject({
        // TikTok's Research API names the account by an id of its own client, which is not kept.
        verified: { method: 'BIO_CODE', accountId: platform === 'TikTok' ? null : id, by: null },
        latestAttempt: { status: 'VERIFIED', code: null },
      });
      expect(errorOf(await creator.as.post(`${BASE}/${platform}/bio-code`)).message).toBe(
        MESSAGES.alreadyVerified,
      );
    },
  );

  it('says plainly when the account does not exist, the platform is down, or no code was asked for', async () => {
    const { creator, handle } = await creatorWithHandle();
    expect(errorOf(await creator.as.post(`${BASE}/Youtube/bio-code/check`)).message).toBe(MESSAGES.noCode);
    await creator.as.post(`${BASE}/Youtube/bio-code`);
    const missing = await creator.as.post(`${BASE}/Youtube/bio-code/check`);
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).message).toBe(MESSAGES.accountNotFound('Youtube', handle));

    fake.setProfile('Youtube', { accountId: channelId(), handle, bio: '' });
    fake.fail('Youtube', 'profile', { status: 503 });
    const down = await creator.as.post(`${BASE}/Youtube/bio-code/check`);
    expect(down.statusCode).toBe(503);
    expect(errorOf(down).message).toBe(MESSAGES.platformUnavailable('Youtube'));
  });

  it('is refused where no bio can be read, and evidence is the one way open', async () => {
    const { creator } = await creatorWithHandle('Snapchat');
    expect((await verificationOn(creator, 'Snapchat')).ways).toEqual({
      oauth: false,
      bioCode: false,
      evidence: true,
    });
    const refused = await creator.as.post(`${BASE}/Snapchat/bio-code`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(MESSAGES.biosUnreadable('Snapchat'));
  });

  it('allows ten checks an hour per creator and platform, before the platform is asked', async () => {
    const { creator, handle } = await creatorWithHandle();
    await creator.as.post(`${BASE}/Youtube/bio-code`);
    fake.setProfile('Youtube', { accountId: channelId(), handle, bio: 'no code here' });
    for (let check = 0; check < 10; check += 1) {
      expect((await creator.as.post(`${BASE}/Youtube/bio-code/check`)).statusCode).toBe(422);
    }
    const asked = fake.requests.length;
    const limited = await creator.as.post(`${BASE}/Youtube/bio-code/check`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(fake.requests.length).toBe(asked);
  });
});

describe('connecting the account (OAuth with PKCE)', () => {
  async function connect(creator: SignedIn, platform: CreatorPlatform = 'Youtube') {
    const started = await creator.as.post(`${BASE}/${platform}/oauth/start`);
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json<{ authorizationUrl: string }>().authorizationUrl);
    const back = await fake.authorize(url);
    if (!('redirect' in back)) throw new Error(`the fake refused the authorization: ${back.status}`);
    return {
      url,
      code: back.redirect.searchParams.get('code') ?? '',
      state: back.redirect.searchParams.get('state') ?? '',
    };
  }

  it.each(PROVABLE)(
    'with %s sends state and an S256 challenge, checks the state on the way back, and keeps the tokens sealed',
    async (platform) => {
      const { creator, handle } = await creatorWithHandle(platform);
      const id = accountIdOn(platform);
      fake.setProfile(platform, { accountId: id, handle, bio: '' });
      const { url, code, state } = await connect(creator, platform);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/account/connected');
      expect(state.length).toBeGreaterThanOrEqual(32);

      const forged = await creator.as.post(`${BASE}/oauth/finish`, { state: `${state}x`, code });
      expect(forged.statusCode).toBe(422);
      expect(errorOf(forged).message).toBe(MESSAGES.oauthRoundTripOver);

      const finished = await creator.as.post(`${BASE}/oauth/finish`, { state, code });
      expect(finished.statusCode, finished.body).toBe(200);
      expect(finished.json<HandleVerification>().verified).toMatchObject({ method: 'OAUTH', accountId: id });

      const replayed = await creator.as.post(`${BASE}/oauth/finish`, { state, code });
      expect(errorOf(replayed).message).toBe(MESSAGES.oauthRoundTripOver);

      const [stored, ...more] = await context.db
        .select()
        .from(connectedAccountTokens)
        .where(eq(connectedAccountTokens.creatorId, creator.account.id));
      expect([stored?.platform, stored?.accountId, more.length]).toEqual([platform, id, 0]);
      const issued = fake
        .secrets()
        .filter((secret) => secret.startsWith(TOKEN_PREFIXES[platform]) && !secret.includes('Operator'));
      expect(issued.length).toBeGreaterThan(0);
      for (const token of issued) {
        expect(stored?.accessTokenSealed).not.toContain(token);
        expect(stored?.refreshTokenSealed ?? '').not.toContain(token);
      }
      expect(stored?.accessTokenSealed).toMatch(/^v1\./);
    },
  );

  it('refuses a round trip another creator started', async () => {
    const first = await creatorWithHandle();
    const second = await creatorWithHandle();
    fake.setProfile('Youtube', { accountId: channelId(), handle: first.handle, bio: '' });
    const { code, state } = await connect(first.creator);
    const stolen = await second.creator.as.post(`${BASE}/oauth/finish`, { state, code });
    expect(errorOf(stolen).message).toBe(MESSAGES.oauthRoundTripOver);
  });

  it('refuses an account that is not the handle on the profile, and says which was connected', async () => {
    const { creator, handle } = await creatorWithHandle();
    fake.setProfile('Youtube', { accountId: channelId(), handle: 'someone_else', bio: '' });
    const { code, state } = await connect(creator);
    const refused = await creator.as.post(`${BASE}/oauth/finish`, { state, code });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(MESSAGES.oauthOtherAccount('Youtube', handle, 'someone_else'));
    expect((await verificationOn(creator, 'Youtube')).latestAttempt?.status).toBe('REFUSED');
  });

  it('keeps one platform account with one creator: a renamed channel cannot be claimed again', async () => {
    const first = await creatorWithHandle();
    const id = channelId();
    fake.setProfile('Youtube', { accountId: id, handle: first.handle, bio: '' });
    const one = await connect(first.creator);
    const finished = await first.creator.as.post(`${BASE}/oauth/finish`, {
      state: one.state,
      code: one.code,
    });
    expect(finished.statusCode, finished.body).toBe(200);

    const renamed = uniqueHandle();
    const second = await creatorWithHandle('Youtube', renamed);
    fake.setProfile('Youtube', { accountId: id, handle: renamed, bio: '' });
    const two = await connect(second.creator);
    const refused = await second.creator.as.post(`${BASE}/oauth/finish`, {
      state: two.state,
      code: two.code,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(MESSAGES.verifiedByAnother);
    expect((await verificationOn(second.creator, 'Youtube')).verified).toBeNull();
  });

  it('is not offered for a platform without an OAuth app', async () => {
    const { creator } = await creatorWithHandle('Snapchat');
    const refused = await creator.as.post(`${BASE}/Snapchat/oauth/start`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(MESSAGES.oauthNotOffered('Snapchat'));
  });
});

describe('evidence for Support', () => {
  async function sendEvidence(creator: SignedIn, platform: CreatorPlatform, body: Buffer, type: string) {
    const asked = await creator.as.post(`${BASE}/${platform}/evidence-upload`, {
      contentType: 'video/mp4',
      size: body.length,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { uploadUrl, attemptId } = asked.json<{ uploadUrl: string; attemptId: string }>();
    const put = await context.app.inject({
      method: 'PUT',
      url: signedUrlPath(uploadUrl),
      payload: body,
      headers: { 'content-type': type },
    });
    expect(put.statusCode, put.body).toBe(200);
    return creator.as.post(`${BASE}/${platform}/evidence`, { attemptId });
  }

  it('waits for Support, who refuse with a reason the creator reads, then verify a second recording', async () => {
    const { creator, handle } = await creatorWithHandle('TikTok');
    const support = world.as('Support');
    const sent = await sendEvidence(creator, 'TikTok', TINY_MP4, 'video/mp4');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<HandleVerification>().latestAttempt).toMatchObject({
      method: 'EVIDENCE',
      status: 'PENDING',
    });
    const again = await creator.as.post(`${BASE}/TikTok/evidence-upload`, {
      contentType: 'video/mp4',
      size: 10,
    });
    expect(errorOf(again).message).toBe(MESSAGES.evidencePending);

    const queue = (await support.get(EVIDENCE)).json<{ items: HandleEvidenceReview[] }>().items;
    const waiting = queue.find((item) => item.handle === handle);
    expect(waiting).toMatchObject({ platform: 'TikTok', status: 'PENDING', evidenceUrl: null });
    const detail = (await support.get(`${EVIDENCE}/${waiting?.id}`)).json<HandleEvidenceReview>();
    expect(detail.evidenceUrl).toBeTruthy();
    const watched = await context.app.inject({ method: 'GET', url: signedUrlPath(detail.evidenceUrl ?? '') });
    expect(watched.statusCode).toBe(200);
    expect(watched.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    const noReason = await support.post(`${EVIDENCE}/${waiting?.id}/decision`, {
      decision: 'REFUSE',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const reason = 'The recording does not show the profile’s settings page.';
    const refused = await support.post(`${EVIDENCE}/${waiting?.id}/decision`, { decision: 'REFUSE', reason });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await verificationOn(creator, 'TikTok')).latestAttempt).toMatchObject({
      status: 'REFUSED',
      reason,
    });
    const twice = await support.post(`${EVIDENCE}/${waiting?.id}/decision`, { decision: 'VERIFY' });
    expect(twice.statusCode).toBe(409);

    const resent = await sendEvidence(creator, 'TikTok', TINY_MP4, 'video/mp4');
    const attemptId = resent.json<HandleVerification>().latestAttempt?.id;
    const verified = await support.post(`${EVIDENCE}/${attemptId}/decision`, { decision: 'VERIFY' });
    expect(verified.statusCode, verified.body).toBe(200);
    const mine = await verificationOn(creator, 'TikTok');
    expect(mine.verified).toMatchObject({ method: 'EVIDENCE', accountId: null });
    expect(mine.verified?.by).toBeTruthy();

    const audited = await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, creator.account.id));
    expect(audited.map((row) => row.action).sort()).toEqual(['handle.refuse-evidence', 'handle.verify']);
  });

  it('refuses a file that is not the video it was declared as, and removes it', async () => {
    const { creator } = await creatorWithHandle('TikTok');
    const sent = await sendEvidence(creator, 'TikTok', Buffer.from('<html>not a video</html>'), 'video/mp4');
    expect(sent.statusCode).toBe(422);
    expect(errorOf(sent).message).toBe(MESSAGES.evidenceWrongType);
    const attempts = await context.db
      .select()
      .from(handleVerificationAttempts)
      .where(eq(handleVerificationAttempts.creatorId, creator.account.id));
    expect(attempts).toEqual([]);
  });

  it('is decided only by those who review creators', async () => {
    expect((await world.as('CampaignManager').get(EVIDENCE)).statusCode).toBe(403);
  });
});

describe('entries from a handle', () => {
  const liveCampaign = (platform: 'TikTok' | 'Youtube', startsAt?: Date) =>
    createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
      platform,
      ...(startsAt
        ? {
            startsAt: startsAt.toISOString(),
            endsAt: new Date(startsAt.getTime() + 28 * 86_400_000).toISOString(),
          }
        : {}),
    });

  it('cannot be approved while the handle is unproven: a 409 that says why, then approved once proven', async () => {
    const campaign = await liveCampaign('TikTok');
    const handle = uniqueHandle();
    const creator = await joinedCreator(context, campaign.id, { handle, verified: false });
    const link = `https://www.tiktok.com/@${handle}/video/${7_310_000_000_000_000_000n + BigInt(accountSeq++)}`;
    const entered = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: link,
      platform: 'TikTok',
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const entryId = entered.json<{ id: string }>().id;
    const approve = `/server-api/marketing/campaigns/${campaign.id}/entries/${entryId}/approve`;

    const refused = await world.as('CampaignManager').post(approve);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(MESSAGES.entryAccountUnverified('TikTok', handle));

    const asked = await creator.as.post(`${BASE}/TikTok/evidence-upload`, {
      contentType: 'video/mp4',
      size: TINY_MP4.length,
    });
    const { uploadUrl, attemptId } = asked.json<{ uploadUrl: string; attemptId: string }>();
    await context.app.inject({
      method: 'PUT',
      url: signedUrlPath(uploadUrl),
      payload: TINY_MP4,
      headers: { 'content-type': 'video/mp4' },
    });
    await creator.as.post(`${BASE}/TikTok/evidence`, { attemptId });
    await world.as('Support').post(`${EVIDENCE}/${attemptId}/decision`, { decision: 'VERIFY' });

    const approved = await world.as('CampaignManager').post(approve);
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('refuses a post its platform says was published before the campaign started, and keeps the facts of one after', async () => {
    const start = new Date(context.clock.now().getTime() - 3 * 86_400_000);
    const campaign = await liveCampaign('Youtube', start);
    const handle = uniqueHandle();
    const creator = await joinedCreator(context, campaign.id, {
      platform: 'Youtube',
      handle,
      verified: false,
    });
    const id = channelId();
    await verifyHandle(context, creator.account.id, 'Youtube', { accountId: id });
    fake.setPost({
      postId: 'aaaaaaaaaa1',
      publishedAt: new Date(start.getTime() - 86_400_000).toISOString(),
      authorAccountId: id,
      authorName: handle,
    });
    fake.setPost({
      postId: 'aaaaaaaaaa2',
      publishedAt: new Date(start.getTime() + 3_600_000).toISOString(),
      authorAccountId: id,
      authorName: handle,
    });

    const early = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
      platform: 'Youtube',
    });
    expect(early.statusCode).toBe(400);
    const day = (at: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(at);
    expect(errorOf(early).message).toBe(
      ENTRY_MESSAGES.publishedBeforeStart(day(new Date(start.getTime() - 86_400_000)), day(start)),
    );

    const onTime = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: 'https://youtu.be/aaaaaaaaaa2',
      platform: 'Youtube',
    });
    expect(onTime.statusCode, onTime.body).toBe(201);
    // YouTube named the author by the proven channel's id: the reviewer sees the author checked.
    const [kept] = await context.db
      .select()
      .from(campaignEntries)
      .where(eq(campaignEntries.id, onTime.json<{ id: string }>().id));
    expect(kept).toMatchObject({
      postAccount: handle,
      postAccountNamedBy: 'PLATFORM',
      postAuthorAccountId: id,
      postFactsSource: 'youtube-data-api',
      postPublishedAt: new Date(start.getTime() + 3_600_000),
    });

    const again = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: 'https://www.youtube.com/shorts/aaaaaaaaaa2',
      platform: 'Youtube',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(ENTRY_MESSAGES.postAlreadyEntered);
  });
});
