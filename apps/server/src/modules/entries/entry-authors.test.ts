import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRY_MESSAGES,
  entryFailureMessage,
  type CampaignEntry,
  type Entry,
  type MarketingPlatform,
  type NotificationFeed,
  type Paged,
} from '@platform/shared';
import { campaignEntries } from '../../db/schema/index';
import { newYouTubeId } from '../../test/entry-fixtures';
import { startFakeOEmbed, type FakeOEmbed } from '../../test/fakes/oembed';
import { startFakeTikTok, type FakeTikTok } from '../../test/fakes/tiktok';
import { createCampaign, createWorld, joinedCreator, uniqueHandle, type World } from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

const ENTRY = '/server-api/campaigns/entry';
const staffEntries = (campaignId: string) => `/server-api/marketing/campaigns/${campaignId}/entries`;
// A public address TikTok's names resolve to here; connections to it go to the fake TikTok on loopback.
const TIKTOK_EDGE = '23.58.0.10';

let nextVideo = 7_310_000_000_000_000_000n;
const newVideoId = () => String((nextVideo += 1n));
let nextCode = 0;
/** An Instagram shortcode or a TikTok short-link code nobody else uses. */
const newCode = (prefix: string) => `${prefix}${(nextCode += 1).toString(36).padStart(7, 'x')}`;

/** Answers as the creator's app does: refused with SPEC §8's code 8 and the handle message. */
function expectNotTheirs(refused: { statusCode: number; json: <T>() => T }) {
  expect(refused.statusCode).toBe(422);
  expect(errorOf(refused)).toMatchObject({ code: '8', message: ENTRY_MESSAGES.handleNotMapped });
  expect(errorOf(refused).details).toEqual([{ field: 'postLink', message: ENTRY_MESSAGES.handleNotMapped }]);
  expect(entryFailureMessage(errorOf(refused))).toBe(ENTRY_MESSAGES.handleNotMapped);
}

/** A live campaign on `platform`, and a creator taking part in it with `handle` on that platform. */
async function participant(context: TestApp, world: World, platform: MarketingPlatform, handle: string) {
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    platform,
  });
  const creator = await joinedCreator(context, campaign.id, { platform, handle });
  const enter = (postLink: string) => creator.as.post(ENTRY, { campaignId: campaign.id, postLink, platform });
  return { campaign, creator, enter };
}

/** The campaign's review queue as a reviewer reads it. */
async function queueOf(world: World, campaignId: string): Promise<CampaignEntry[]> {
  const listed = await world.as('CampaignViewer').get(staffEntries(campaignId));
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<Paged<CampaignEntry>>().items;
}

/** The accounts the queue shows for its entries, in no particular order (entries sent at one instant). */
const postAccountsOf = async (world: World, campaignId: string) =>
  (await queueOf(world, campaignId))
    .map((entry) => JSON.stringify(entry.postAccount))
    .sort()
    .map((account) => JSON.parse(account) as CampaignEntry['postAccount']);

describe('on a default install: no previews, TikTok short links followed', () => {
  let context: TestApp;
  let world: World;
  let tiktok: FakeTikTok;
  beforeAll(async () => {
    tiktok = await startFakeTikTok({
      certificateNames: ['vm.tiktok.com', 'vt.tiktok.com', 'www.tiktok.com'],
    });
    context = await createTestApp({
      authRateLimits: NO_AUTH_RATE_LIMITS,
      shortLinks: {
        lookup: async () => [{ address: TIKTOK_EDGE, family: 4 }],
        testNetwork: {
          routeTo: () => ({ address: '127.0.0.1', port: tiktok.port }),
          trustedCertificates: [tiktok.certificate],
        },
      },
    });
    world = await createWorld(context);
  });
  afterAll(async () => {
    await context?.close();
    await tiktok?.close();
  });

  it('refuses with code 8 a TikTok post whose link names another account, and stores nothing', async () => {
    const { campaign, enter } = await participant(context, world, 'TikTok', `casey_${newCode('t')}`);
    for (const postLink of [
      `https://www.tiktok.com/@someoneelse/video/${newVideoId()}?is_from_webapp=1&sender_device=pc`,
      `https://www.tiktok.com/@someoneelse/photo/${newVideoId()}`,
    ]) {
      expectNotTheirs(await enter(postLink));
    }
    expect(
      await context.db.select().from(campaignEntries).where(eq(campaignEntries.campaignId, campaign.id)),
    ).toEqual([]);
  });

  it('takes the creator’s own TikTok post, whatever the case of its link, and shows the reviewer its account', async () => {
    const handle = `Casey.Lights_${newCode('o')}`;
    const { campaign, enter } = await participant(context, world, 'TikTok', handle);
    const entered = await enter(`https://www.tiktok.com/@${handle.toLowerCase()}/video/${newVideoId()}`);
    expect(entered.statusCode, entered.body).toBe(201);

    const [listed] = await queueOf(world, campaign.id);
    expect(listed).toMatchObject({
      id: entered.json<Entry>().id,
      creator: { handle },
      postAccount: { handle: handle.toLowerCase(), namedBy: 'LINK' },
    });
  });

  it('checks the account of the post a TikTok short link leads to', async () => {
    const handle = `casey_${newCode('s')}`;
    const { campaign, enter } = await participant(context, world, 'TikTok', handle);
    const theirs = newCode('ZM');
    const mine = newCode('ZT');
    tiktok.page(`vm.tiktok.com/${theirs}/`, {
      redirectTo: `https://www.tiktok.com/@someoneelse/video/${newVideoId()}?_t=8XanSJmXNVG&_r=1`,
    });
    tiktok.page(`www.tiktok.com/t/${mine}/`, {
      redirectTo: `https://www.tiktok.com/@${handle}/video/${newVideoId()}?_t=8b1xyhy5TjS&_r=1`,
    });

    expectNotTheirs(await enter(`https://vm.tiktok.com/${theirs}/`));
    const entered = await enter(`https://www.tiktok.com/t/${mine}/`);
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json<Entry>().postLink).toMatch(
      new RegExp(`^https://www\\.tiktok\\.com/@${handle}/video/`),
    );
    expect((await queueOf(world, campaign.id)).map((entry) => entry.postAccount)).toEqual([
      { handle, namedBy: 'LINK' },
    ]);
  });

  it('refuses a short link to a video already entered, once the link is followed to it', async () => {
    const handle = `casey_${newCode('d')}`;
    const { enter } = await participant(context, world, 'TikTok', handle);
    const video = `https://www.tiktok.com/@${handle}/video/${newVideoId()}`;
    const short = newCode('ZS');
    tiktok.page(`vm.tiktok.com/${short}/`, { redirectTo: `${video}?_t=8XanSJmXNVG&_r=1` });

    expect((await enter(video)).statusCode).toBe(201);
    const again = await enter(`https://vm.tiktok.com/${short}/`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      ENTRY_MESSAGES.postAlreadyEntered,
    );
  });

  it('refuses with code 8 an Instagram reel or post whose link names another account, and takes the creator’s own', async () => {
    const handle = `casey.${newCode('i')}`;
    const { campaign, enter } = await participant(context, world, 'Instagram', handle);
    expectNotTheirs(await enter(`https://www.instagram.com/someone.else/reel/${newCode('C')}/?igsh=MXR4`));
    expectNotTheirs(await enter(`https://www.instagram.com/someone.else/p/${newCode('C')}/`));

    const entered = await enter(`https://www.instagram.com/${handle}/reel/${newCode('C')}/`);
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await queueOf(world, campaign.id)).map((entry) => entry.postAccount)).toEqual([
      { handle, namedBy: 'LINK' },
    ]);
  });

  it('takes a post whose link cannot tell its author, and shows the reviewer it was not checked', async () => {
    const youtube = await participant(context, world, 'Youtube', `casey_${newCode('y')}`);
    const watched = await youtube.enter(`https://www.youtube.com/watch?v=${newYouTubeId()}`);
    expect(watched.statusCode, watched.body).toBe(201);
    expect((await queueOf(world, youtube.campaign.id)).map((entry) => entry.postAccount)).toEqual([null]);

    const instagram = await participant(context, world, 'Instagram', `casey_${newCode('p')}`);
    const reel = await instagram.enter(`https://www.instagram.com/reel/${newCode('C')}/`);
    expect(reel.statusCode, reel.body).toBe(201);

    const tiktokCampaign = await participant(context, world, 'TikTok', `casey_${newCode('u')}`);
    const secUid = 'MS4wLjABAAAAv7iSuuXDJGDvJkmH_vz1qkDZYo1apxgzaxdBSeIuPiM';
    for (const postLink of [
      `https://www.tiktok.com/@${secUid}/video/${newVideoId()}`,
      `https://m.tiktok.com/v/${newVideoId()}.html`,
    ]) {
      const entered = await tiktokCampaign.enter(postLink);
      expect(entered.statusCode, entered.body).toBe(201);
    }
    expect(await postAccountsOf(world, tiktokCampaign.campaign.id)).toEqual([null, null]);
  });

  it('checks a revised link as it checks a new one, and keeps the rejected entry as it was when refused', async () => {
    const handle = `casey_${newCode('r')}`;
    const { campaign, creator, enter } = await participant(context, world, 'TikTok', handle);
    const first = (await enter(`https://www.tiktok.com/@${handle}/video/${newVideoId()}`)).json<Entry>();
    const rejected = await world
      .as('CampaignManager')
      .post(`${staffEntries(campaign.id)}/${first.id}/reject`, { reason: 'NOT_OWN_POST' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Entry>().rejection).toEqual({ reason: 'NOT_OWN_POST', note: null });
    const feed = (await creator.as.get('/server-api/notifications')).json<NotificationFeed>();
    expect(feed.items[0]?.body).toContain('Not the creator’s own post');

    expectNotTheirs(
      await creator.as.patch(`${ENTRY}/${first.id}`, {
        postLink: `https://www.tiktok.com/@someoneelse/video/${newVideoId()}`,
      }),
    );
    const [kept] = await queueOf(world, campaign.id);
    expect(kept).toMatchObject({ status: 'REJECTED', postLink: first.postLink });

    const revised = await creator.as.patch(`${ENTRY}/${first.id}`, {
      postLink: `https://m.tiktok.com/v/${newVideoId()}.html`,
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const [again] = await queueOf(world, campaign.id);
    expect(again).toMatchObject({ status: 'SUBMITTED', postAccount: null });
  });
});

describe('with oEmbed previews on', () => {
  let oembed: FakeOEmbed;
  let context: TestApp;
  let world: World;
  beforeAll(async () => {
    oembed = await startFakeOEmbed({ instagramToken: 'app-id|client-token' });
    context = await createTestApp({
      authRateLimits: NO_AUTH_RATE_LIMITS,
      environment: {
        POST_LINK_RESOLUTION: 'off',
        POST_PREVIEWS: 'oembed',
        OEMBED_TIKTOK_URL: oembed.endpoints.tiktok,
        OEMBED_YOUTUBE_URL: oembed.endpoints.youtube,
      },
    });
    world = await createWorld(context);
  });
  afterAll(async () => {
    await context?.close();
    await oembed?.close();
  });

  /** A TikTok post, linked as by `linkedAs`, that the fake oEmbed describes as posted by `author`. */
  function tiktokPostBy(author: { uniqueId?: string; profile?: string }, linkedAs = 'someone') {
    const url = `https://www.tiktok.com/@${linkedAs}/video/${newVideoId()}`;
    oembed.addPost({
      provider: 'tiktok',
      url,
      thumbnailUrl: 'https://p16-sign.tiktokcdn.com/cover.jpeg',
      authorName: 'Display Name',
      ...(author.uniqueId ? { authorUniqueId: author.uniqueId } : {}),
      ...(author.profile ? { authorUrl: author.profile } : {}),
    });
    return url;
  }

  it('takes a post the platform says is the creator’s, whatever its case and whatever name its link carries', async () => {
    const { campaign, enter } = await participant(context, world, 'TikTok', 'Casey.Lights');
    const entered = await enter(tiktokPostBy({ uniqueId: 'casey.lights' }, 'casey.formerly'));
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json<Entry>().status).toBe('SUBMITTED');
    expect((await queueOf(world, campaign.id)).map((entry) => entry.postAccount)).toEqual([
      { handle: 'casey.lights', namedBy: 'PLATFORM' },
    ]);
  });

  it('refuses a post the platform says is another account’s with code 8, even when its link names the creator', async () => {
    const handle = uniqueHandle();
    const { campaign, creator, enter } = await participant(context, world, 'TikTok', handle);
    for (const author of [
      { uniqueId: 'somebody.else' },
      { profile: 'https://www.tiktok.com/@somebody.else' },
    ]) {
      expectNotTheirs(await enter(tiktokPostBy(author, handle)));
    }
    const mine = await creator.as.post(`${ENTRY}/search`, { campaignId: campaign.id });
    expect(mine.json<{ data: Entry[] }>().data).toEqual([]);
  });

  it('refuses a YouTube video of another channel with code 8, as YouTube names it', async () => {
    const { enter } = await participant(context, world, 'Youtube', uniqueHandle());
    const url = `https://www.youtube.com/watch?v=${newYouTubeId()}`;
    oembed.addPost({
      provider: 'youtube',
      url,
      thumbnailUrl: 'https://i.ytimg.com/vi/x/hqdefault.jpg',
      authorName: 'Somebody Else',
      authorUrl: 'https://www.youtube.com/@somebodyelse',
    });
    expectNotTheirs(await enter(url));
  });

  it('checks the link’s own account when the platform does not say who posted, and leaves the rest to the reviewer', async () => {
    const handle = uniqueHandle();
    const { campaign, enter } = await participant(context, world, 'TikTok', handle);
    expectNotTheirs(await enter(tiktokPostBy({}, 'someoneelse')));
    const unknownToPlatform = `https://www.tiktok.com/@${handle}/video/${newVideoId()}`;
    const legacyLink = `https://m.tiktok.com/v/${newVideoId()}.html`;
    for (const postLink of [tiktokPostBy({}, handle), unknownToPlatform, legacyLink]) {
      const entered = await enter(postLink);
      expect(entered.statusCode, entered.body).toBe(201);
    }
    expect(await postAccountsOf(world, campaign.id)).toEqual([
      null,
      { handle, namedBy: 'LINK' },
      { handle, namedBy: 'LINK' },
    ]);
  });
});
