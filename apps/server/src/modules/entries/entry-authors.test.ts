import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES, entryFailureMessage, type Entry } from '@platform/shared';
import { startFakeOEmbed, type FakeOEmbed } from '../../test/fakes/oembed';
import { createCampaign, createWorld, joinedCreator, type World } from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

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

const ENTRY = '/server-api/campaigns/entry';
let nextVideo = 7_310_000_000_000_000_000n;

/** A creator taking part in a live TikTok campaign, with `handle` as their TikTok handle. */
async function participantWithHandle(handle: string) {
  const campaign = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
  });
  return { campaign, creator: await joinedCreator(context, campaign.id, { handle }) };
}

/** A TikTok post the fake oEmbed describes as posted by `author`. */
function tiktokPostBy(author: { uniqueId?: string; profile?: string }) {
  nextVideo += 1n;
  const url = `https://www.tiktok.com/@someone/video/${nextVideo}`;
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

describe('a post must be the creator’s own (SPEC §8 code 8)', () => {
  it('takes a post whose author is the creator’s handle, whatever its case', async () => {
    const { campaign, creator } = await participantWithHandle('Casey.Lights');
    const entered = await creator.as.post(ENTRY, {
      campaignId: campaign.id,
      postLink: tiktokPostBy({ uniqueId: 'casey.lights' }),
      platform: 'TikTok',
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json<Entry>().status).toBe('SUBMITTED');
  });

  it('refuses a post of another account with code 8 and the handle message, and stores nothing', async () => {
    const { campaign, creator } = await participantWithHandle('casey_lights');
    for (const author of [
      { uniqueId: 'somebody.else' },
      { profile: 'https://www.tiktok.com/@somebody.else' },
    ]) {
      const refused = await creator.as.post(ENTRY, {
        campaignId: campaign.id,
        postLink: tiktokPostBy(author),
        platform: 'TikTok',
      });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toMatchObject({ code: '8', message: ENTRY_MESSAGES.handleNotMapped });
      expect(entryFailureMessage(errorOf(refused))).toBe(ENTRY_MESSAGES.handleNotMapped);
    }
    const mine = await creator.as.post(`${ENTRY}/search`, { campaignId: campaign.id });
    expect(mine.json<{ data: Entry[] }>().data).toEqual([]);
  });

  it('leaves the check to the reviewer when the platform does not say who posted', async () => {
    const { campaign, creator } = await participantWithHandle('casey.unchecked');
    const unknownToPlatform = `https://www.tiktok.com/@someone/video/${(nextVideo += 1n)}`;
    for (const postLink of [tiktokPostBy({}), unknownToPlatform]) {
      const entered = await creator.as.post(ENTRY, { campaignId: campaign.id, postLink, platform: 'TikTok' });
      expect(entered.statusCode, entered.body).toBe(201);
    }
  });
});
