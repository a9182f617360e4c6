import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ENTRY_MESSAGES,
  entryFailureMessage,
  UPLOAD_MAX_BYTES,
  VIDEO_THREAT_CODE,
  type CampaignEntry,
  type Entry,
  type NotificationFeed,
  type Paged,
  type UgcUpload,
} from '@platform/shared';
import { campaignEntries } from '../../db/schema/index';
import { EICAR, startClamd, type Clamd } from '../../test/clamd';
import {
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  joinedCreator,
  signedIn,
  uniqueHandle,
  type SignedIn,
  TINY_MP4,
  TINY_PNG,
  type World,
} from '../../test/factories';
import {
  createTestApp,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  signedUrlPath,
  storedPaths,
  type TestApp,
} from '../../test/harness';

let clamd: Clamd;
let context: TestApp;
let world: World;
beforeAll(async () => {
  clamd = await startClamd();
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    environment: { CLAMD_HOST: clamd.host, CLAMD_PORT: String(clamd.port) },
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
  await clamd?.stop();
});

const ENTRY = '/server-api/campaigns/entry';

const liveCampaign = () =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
  });

/** Asks for an upload URL and PUTs the bytes to it as a browser would. */
async function uploadVideo(
  creator: SignedIn,
  campaignId: string,
  body: Buffer,
  type = 'video/mp4',
  on: TestApp = context,
) {
  const signed = await creator.as.get(`/server-api/campaigns/${campaignId}/ugc-upload-url`);
  expect(signed.statusCode, signed.body).toBe(200);
  const upload = signed.json<UgcUpload>();
  const put = await on.app.inject({
    method: 'PUT',
    url: signedUrlPath(upload.url),
    payload: body,
    headers: { 'content-type': type },
  });
  return { upload, put };
}

const enterVideo = (creator: SignedIn, campaignId: string, videoKey: string) =>
  creator.as.post(ENTRY, { campaignId, videoKey, platform: 'TikTok' });

/** The keys stored under `prefix`: local storage keeps each file's record at `meta/<key>.json`. */
const storedUnder = async (prefix: string) =>
  (await storedPaths(context.filesDir))
    .filter((path) => path.startsWith(`meta/${prefix}`))
    .map((path) => path.slice('meta/'.length, -'.json'.length));

describe('entering a video', () => {
  it('takes an MP4 in scanned clean, for the creator and staff to watch, and never twice from one upload', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const { upload, put } = await uploadVideo(creator, campaign.id, TINY_MP4);
    expect(upload.key).toMatch(
      new RegExp(`^ugc-uploads/${campaign.id}/${creator.account.id}/[0-9a-f-]{36}$`),
    );
    expect(put.statusCode, put.body).toBe(200);

    const entered = await enterVideo(creator, campaign.id, upload.key);
    expect(entered.statusCode, entered.body).toBe(201);
    const entry = entered.json<Entry>();
    expect(entry).toMatchObject({ kind: 'VIDEO', status: 'SUBMITTED', postLink: null });
    expect(entry.videoKey).toMatch(new RegExp(`^ugc/${campaign.id}/`));
    expect(await storedUnder(`ugc-uploads/${campaign.id}`)).toEqual([]);

    const again = await enterVideo(creator, campaign.id, upload.key);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).details).toEqual([{ field: 'videoKey', message: ENTRY_MESSAGES.videoNotUploaded }]);

    const watch = await creator.as.get(`/server-api/campaigns/${campaign.id}/ugc-url`);
    expect(watch.statusCode).toBe(200);
    expect(watch.headers['content-type']).toMatch(/^text\/plain/);
    const video = await context.app.inject({ method: 'GET', url: signedUrlPath(watch.body) });
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(TINY_MP4)).toBe(true);

    const queue = await world
      .as('CampaignManager')
      .get(`/server-api/marketing/campaigns/${campaign.id}/entries`);
    const listed = queue.json<Paged<CampaignEntry>>().items;
    expect(listed.map((item) => [item.id, item.kind])).toEqual([[entry.id, 'VIDEO']]);
    expect(listed[0]?.videoUrl).toMatch(/\/server-api\/files\//);
    const feed = (await creator.as.get('/server-api/notifications')).json<NotificationFeed>();
    expect(feed.items.map((item) => [item.event, item.title])).toEqual([
      ['VIDEO_SUBMITTED', 'Video received'],
    ]);
  });

  it('answers an empty watch link to a creator who sent no video, and no upload URL to one not taking part', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const none = await creator.as.get(`/server-api/campaigns/${campaign.id}/ugc-url`);
    expect([none.statusCode, none.body]).toEqual([200, '']);

    const outsider = await signedIn(context, await createCreator(context));
    const refused = await outsider.as.get(`/server-api/campaigns/${campaign.id}/ugc-upload-url`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ENTRY_MESSAGES.notTakingPart);
  });

  it('refuses the EICAR test file as THREATS_FOUND and keeps no byte of it', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const { upload, put } = await uploadVideo(creator, campaign.id, EICAR);
    expect(put.statusCode).toBe(200);
    const entered = await enterVideo(creator, campaign.id, upload.key);
    expect(entered.statusCode).toBe(422);
    expect(errorOf(entered)).toMatchObject({ code: VIDEO_THREAT_CODE, message: ENTRY_MESSAGES.videoThreat });
    expect(await storedUnder(`ugc/${campaign.id}`)).toEqual([]);
    expect(await storedUnder(`ugc-uploads/${campaign.id}`)).toEqual([]);
    expect(
      await context.db.select().from(campaignEntries).where(eq(campaignEntries.campaignId, campaign.id)),
    ).toEqual([]);
  });

  it('refuses a picture sent as a video, a type that is not a video, and more than 250 MB', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const disguised = await uploadVideo(creator, campaign.id, TINY_PNG);
    expect(disguised.put.statusCode).toBe(200);
    const entered = await enterVideo(creator, campaign.id, disguised.upload.key);
    expect(entered.statusCode).toBe(400);
    expect(errorOf(entered).details).toEqual([{ field: 'videoKey', message: ENTRY_MESSAGES.videoNotVideo }]);
    expect(await storedUnder(`ugc/${campaign.id}`)).toEqual([]);

    const image = await uploadVideo(creator, campaign.id, TINY_PNG, 'image/png');
    expect(image.put.statusCode).toBe(415);

    const signed = (
      await creator.as.get(`/server-api/campaigns/${campaign.id}/ugc-upload-url`)
    ).json<UgcUpload>();
    const oversized = await context.app.inject({
      method: 'PUT',
      url: signedUrlPath(signed.url),
      payload: Readable.from([TINY_MP4]),
      headers: { 'content-type': 'video/mp4', 'content-length': String(UPLOAD_MAX_BYTES + 1) },
    });
    expect(oversized.statusCode).toBe(413);
    expect(errorOf(oversized).message).toBe('File size exceeds the maximum limit of 250 MB.');
  });

  it('takes no key but one signed for this creator and campaign', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const other = await joinedCreator(context, campaign.id);
    const { upload } = await uploadVideo(creator, campaign.id, TINY_MP4);
    for (const videoKey of [upload.key, `../${upload.key}`, 'ugc-uploads/anything']) {
      const refused = await enterVideo(other, campaign.id, videoKey);
      expect(refused.statusCode, videoKey).toBe(400);
    }
    expect(await storedUnder(`ugc-uploads/${campaign.id}/${creator.account.id}`)).toHaveLength(1);
  });

  it('takes another video for a rejected one, and removes the one it replaces', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const first = await uploadVideo(creator, campaign.id, TINY_MP4);
    const entry = (await enterVideo(creator, campaign.id, first.upload.key)).json<Entry>();
    const rejected = await world
      .as('CampaignManager')
      .post(`/server-api/marketing/campaigns/${campaign.id}/entries/${entry.id}/reject`, {
        reason: 'LOW_QUALITY',
      });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const asLink = await creator.as.patch(`${ENTRY}/${entry.id}`, {
      postLink: 'https://www.tiktok.com/@casey/video/7300000000000000001',
    });
    expect(asLink.statusCode).toBe(400);
    expect(errorOf(asLink).details).toEqual([{ field: 'postLink', message: ENTRY_MESSAGES.sameKind }]);

    const second = await uploadVideo(creator, campaign.id, TINY_MP4);
    const revised = await creator.as.patch(`${ENTRY}/${entry.id}`, { videoKey: second.upload.key });
    expect(revised.statusCode, revised.body).toBe(200);
    const after = revised.json<Entry>();
    expect(after).toMatchObject({ status: 'SUBMITTED', rejection: null });
    expect(after.videoKey).not.toBe(entry.videoKey);
    expect(await storedUnder(`ugc/${campaign.id}`)).toEqual([after.videoKey]);
  });
});

describe('under more entries than the platform can take in', () => {
  /** A clamd that holds every scan until it is let go: one video entry then keeps the only write slot. */
  /**
   * A clamd that holds each scan until released. A scan counts as waiting only once its whole stream has
   * arrived (the zero-length chunk that ends INSTREAM): answered before that, the scanner would rightly call
   * the scan failed, as a loaded machine can still be sending when the test releases it.
   */
  async function startHeldScanner() {
    const waiting: Socket[] = [];
    const server = createServer((socket) => {
      let received = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const ended = received.length >= 4 && received.subarray(-4).readUInt32BE(0) === 0;
        if (ended && !waiting.includes(socket)) waiting.push(socket);
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      port,
      connections: () => waiting.length,
      release() {
        for (const socket of waiting.splice(0)) socket.end('stream: OK\0');
      },
      stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('answers code 16 with the spec’s high-traffic message at once, and takes the entry once there is room', async () => {
    const scanner = await startHeldScanner();
    const busy = await createTestApp({
      authRateLimits: NO_AUTH_RATE_LIMITS,
      environment: {
        CLAMD_HOST: '127.0.0.1',
        CLAMD_PORT: String(scanner.port),
        ENTRY_WRITES_CONCURRENT: '1',
        ENTRY_WRITES_QUEUED: '0',
      },
    });
    try {
      const busyWorld = await createWorld(busy);
      const campaign = await createCampaign(busy, {
        teamId: busyWorld.homeTeam.id,
        territoryIds: [busyWorld.homeTerritory.id],
        status: 'LIVE',
      });
      const posterHandle = uniqueHandle();
      const join = async (handle?: string) => {
        const creator = await signedIn(busy, await createCreator(busy));
        await giveHandle(busy, creator.account.id, 'TikTok', handle);
        await creator.as.post('/server-api/campaigns/rsvp', {
          campaignId: campaign.id,
          creatorId: creator.account.id,
        });
        return creator;
      };
      const uploader = await join();
      const poster = await join(posterHandle);
      const signed = (
        await uploader.as.get(`/server-api/campaigns/${campaign.id}/ugc-upload-url`)
      ).json<UgcUpload>();
      await busy.app.inject({
        method: 'PUT',
        url: signedUrlPath(signed.url),
        payload: TINY_MP4,
        headers: { 'content-type': 'video/mp4' },
      });
      const held = uploader.as.post(ENTRY, {
        campaignId: campaign.id,
        videoKey: signed.key,
        platform: 'TikTok',
      });
      // The upload reaches the scanner when a busy machine gets to it: a second is not always enough.
      await vi.waitFor(() => expect(scanner.connections()).toBe(1), { timeout: 15_000, interval: 50 });

      const post = {
        campaignId: campaign.id,
        postLink: `https://www.tiktok.com/@${posterHandle}/video/7300000000000000077`,
        platform: 'TikTok',
      };
      const refused = await poster.as.post(ENTRY, post);
      expect(refused.statusCode).toBe(503);
      expect(errorOf(refused)).toMatchObject({ code: '16', message: ENTRY_MESSAGES.highTraffic });
      expect(entryFailureMessage(errorOf(refused))).toBe(
        'Sorry, we are experiencing high traffic at the moment. Please try again in a few minutes.',
      );
      expect(refused.headers['retry-after']).toBeDefined();

      scanner.release();
      expect((await held).statusCode).toBe(201);
      // The slot frees as the held entry's answer goes out: the next write finds room at once, or a moment later.
      await vi.waitFor(
        async () => {
          const taken = await poster.as.post(ENTRY, post);
          expect(taken.statusCode, taken.body).toBe(201);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      scanner.release();
      await busy.close();
      await scanner.stop();
    }
  });
});

describe('entering a video on a server without a virus scanner', () => {
  let plain: TestApp;
  let people: World;
  beforeAll(async () => {
    plain = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
    people = await createWorld(plain);
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('takes an MP4 in unscanned, as campaign files are kept, and still refuses a picture sent as a video', async () => {
    const campaign = await createCampaign(plain, {
      teamId: people.homeTeam.id,
      territoryIds: [people.homeTerritory.id],
      status: 'LIVE',
    });
    const creator = await joinedCreator(plain, campaign.id);
    const video = await uploadVideo(creator, campaign.id, TINY_MP4, 'video/mp4', plain);
    expect(video.put.statusCode, video.put.body).toBe(200);
    const entered = await enterVideo(creator, campaign.id, video.upload.key);
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json<Entry>()).toMatchObject({ kind: 'VIDEO', status: 'SUBMITTED' });

    const other = await joinedCreator(plain, campaign.id);
    const picture = await uploadVideo(other, campaign.id, TINY_PNG, 'video/mp4', plain);
    const refused = await enterVideo(other, campaign.id, picture.upload.key);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details).toEqual([{ field: 'videoKey', message: ENTRY_MESSAGES.videoNotVideo }]);
  });
});
