import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HANDLE_VERIFICATION_MESSAGES,
  type Entry,
  type EntryCheck,
  type EntryChecks,
  type UgcUpload,
} from '@platform/shared';
import { ORIGINALITY_MATCH_DISTANCE } from '../../adapters/video/video-fingerprint';
import { campaignAssets, campaignEntries, entryOriginality } from '../../db/schema/index';
import { checkOriginality } from '../../jobs/originality-check';
import {
  createCampaign,
  createEntry,
  createWorld,
  joinedCreator,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, NO_AUTH_RATE_LIMITS, signedUrlPath, type TestApp } from '../../test/harness';
import { ORIGINALITY_MESSAGES } from './originality.service';

const run = promisify(execFile);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

let folder: string;
const at = (name: string) => join(folder, name);

/** A clip, the same clip re-encoded smaller, an unrelated clip, and footage with a cropped copy of it. */
async function makeClips(): Promise<void> {
  const lavfi = (source: string, name: string) =>
    ffmpeg('-f', 'lavfi', '-i', source, '-t', '6', ...x264, '-movflags', '+faststart', at(name));
  await Promise.all([
    lavfi('testsrc2=size=320x240:rate=25', 'original.mp4'),
    lavfi('mandelbrot=size=320x240:rate=25', 'unrelated.mp4'),
    lavfi('life=size=320x240:rate=25:mold=10:ratio=0.5:life_color=#00ff00', 'footage.mp4'),
    lavfi('cellauto=size=320x240:rate=25', 'other.mp4'),
    lavfi('gradients=size=320x240:rate=25:speed=0.05', 'own.mp4'),
  ]);
  await Promise.all([
    ffmpeg(...['-i', at('original.mp4'), '-c:v', 'mpeg4', '-b:v', '150k', '-s', '480x360', at('copy.mp4')]),
    ffmpeg(
      ...['-i', at('footage.mp4'), '-vf', 'crop=iw*0.84:ih*0.84,scale=320:240'],
      ...[...x264, '-crf', '30', at('footage-copy.mp4')],
    ),
  ]);
}

let context: TestApp;
let world: World;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'originality-'));
  [context] = await Promise.all([createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS }), makeClips()]);
  world = await createWorld(context);
}, 60_000);
afterAll(async () => {
  await context?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const runCheck = (on: TestApp = context) => checkOriginality({ originalityService: on.services.originality });
const staffPath = (campaignId: string, rest: string) =>
  `/server-api/marketing/campaigns/${campaignId}${rest}`;
const liveCampaign = () =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
  });

/** Uploads a clip as the creator app does (signed URL, PUT) and enters it. */
async function enterClip(creator: SignedIn, campaignId: string, clip: string): Promise<Entry> {
  const signed = await creator.as.get(`/server-api/campaigns/${campaignId}/ugc-upload-url`);
  expect(signed.statusCode, signed.body).toBe(200);
  const upload = signed.json<UgcUpload>();
  const put = await context.app.inject({
    method: 'PUT',
    url: signedUrlPath(upload.url),
    payload: await readFile(at(clip)),
    headers: { 'content-type': 'video/mp4' },
  });
  expect(put.statusCode, put.body).toBe(200);
  const entered = await creator.as.post('/server-api/campaigns/entry', {
    campaignId,
    videoKey: upload.key,
    platform: 'TikTok',
  });
  expect(entered.statusCode, entered.body).toBe(201);
  // Entered one after another: the earlier of two copies is the original.
  context.clock.advance(1000);
  return entered.json<Entry>();
}

async function checksOf(campaignId: string): Promise<Map<string, EntryCheck>> {
  const response = await world.as('CampaignManager').get(staffPath(campaignId, '/entry-checks'));
  expect(response.statusCode, response.body).toBe(200);
  return new Map(response.json<EntryChecks>().items.map((item) => [item.entryId, item]));
}

const approve = (campaignId: string, entryId: string) =>
  world.as('CampaignManager').post(staffPath(campaignId, `/entries/${entryId}/approve`));
const clear = (campaignId: string, entryId: string) =>
  world.as('CampaignManager').post(staffPath(campaignId, `/entries/${entryId}/originality/clear`));

describe('the originality of uploaded entries', () => {
  it('holds a re-encoded copy of another creator’s entry until a reviewer clears it, and finds an unrelated clip unique', async () => {
    const campaign = await liveCampaign();
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(() => joinedCreator(context, campaign.id)),
    );
    const original = await enterClip(first!, campaign.id, 'original.mp4');
    const copy = await enterClip(second!, campaign.id, 'copy.mp4');
    const unrelated = await enterClip(third!, campaign.id, 'unrelated.mp4');

    const waiting = await approve(campaign.id, copy.id);
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting).message).toBe(ORIGINALITY_MESSAGES.stillComparing);
    expect((await checksOf(campaign.id)).get(copy.id)?.originality?.status).toBe('PENDING');

    expect(await runCheck()).toEqual({ footage: 0, entries: 3 });
    const checks = await checksOf(campaign.id);
    expect(checks.get(original.id)?.originality).toMatchObject({ status: 'UNIQUE', clearedBy: null });
    expect(checks.get(unrelated.id)?.originality?.status).toBe('UNIQUE');
    expect(checks.get(unrelated.id)?.originality?.distance ?? 1).toBeGreaterThan(ORIGINALITY_MATCH_DISTANCE);
    const matched = checks.get(copy.id)?.originality;
    expect(matched).toMatchObject({
      status: 'MATCHED',
      reason: null,
      closest: {
        kind: 'ENTRY',
        entryId: original.id,
        campaignId: campaign.id,
        campaignName: campaign.name,
        creatorName: 'Casey Creator',
      },
    });
    expect(matched?.distance).toBeLessThanOrEqual(ORIGINALITY_MATCH_DISTANCE);
    expect(matched?.closest?.videoUrl).toMatch(/^http:\/\/app\.test\/server-api\/files\//);
    expect(matched?.closest?.posterUrl).toBe(checks.get(original.id)?.originality?.posterUrl);

    const held = await approve(campaign.id, copy.id);
    expect(held.statusCode).toBe(409);
    expect(errorOf(held).message).toBe(HANDLE_VERIFICATION_MESSAGES.entryVideoMatched);
    expect((await clear(campaign.id, original.id)).statusCode).toBe(409);
    const cleared = await clear(campaign.id, copy.id);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<EntryCheck>().originality?.clearedBy).toBeTruthy();
    expect((await approve(campaign.id, copy.id)).statusCode).toBe(200);
    expect((await approve(campaign.id, unrelated.id)).statusCode).toBe(200);
    // A second run finds nothing left to check.
    expect(await runCheck()).toEqual({ footage: 0, entries: 0 });
  });

  it('gives each uploaded entry a JPEG poster its creator’s cards show', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const entry = await enterClip(creator, campaign.id, 'other.mp4');
    const postersPath = `/server-api/creator/campaigns/${campaign.id}/entry-posters`;
    expect((await creator.as.get(postersPath)).json()).toEqual({ items: [] });
    await runCheck();

    const posters = (await creator.as.get(postersPath)).json<{
      items: { entryId: string; posterUrl: string }[];
    }>();
    expect(posters.items.map((item) => item.entryId)).toEqual([entry.id]);
    const image = await context.app.inject({
      method: 'GET',
      url: signedUrlPath(posters.items[0]!.posterUrl),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const [row] = await context.db
      .select()
      .from(entryOriginality)
      .where(eq(entryOriginality.entryId, entry.id));
    expect(row?.posterKey).toBe(`posters/${entry.id}.jpg`);
  });

  it('never holds a creator’s video against their own entries, and finds the very same file at distance 0', async () => {
    const [campaign, next] = await Promise.all([liveCampaign(), liveCampaign()]);
    const creator = await joinedCreator(context, campaign.id);
    const joined = await creator.as.post('/server-api/campaigns/rsvp', {
      campaignId: next.id,
      creatorId: creator.account.id,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const first = await enterClip(creator, campaign.id, 'own.mp4');
    const again = await enterClip(creator, next.id, 'own.mp4');
    const copier = await joinedCreator(context, next.id);
    const copied = await enterClip(copier, next.id, 'own.mp4');
    expect(await runCheck()).toEqual({ footage: 0, entries: 3 });

    expect((await checksOf(campaign.id)).get(first.id)?.originality?.status).toBe('UNIQUE');
    const checks = await checksOf(next.id);
    expect(checks.get(again.id)?.originality).toMatchObject({ status: 'UNIQUE' });
    expect(checks.get(copied.id)?.originality).toMatchObject({
      status: 'MATCHED',
      distance: 0,
      closest: { kind: 'ENTRY', entryId: first.id, campaignName: campaign.name },
    });
  });

  it('holds a cropped copy of the campaign’s own footage', async () => {
    const campaign = await liveCampaign();
    const footageKey = `campaign-assets/${campaign.id}/${randomUUID()}`;
    const footage = await readFile(at('footage.mp4'));
    await context.storage.put(footageKey, footage, 'video/mp4');
    const now = context.clock.now();
    await context.db.insert(campaignAssets).values({
      id: randomUUID(),
      campaignId: campaign.id,
      fileType: 'video',
      fileName: 'footage.mp4',
      contentType: 'video/mp4',
      size: footage.length,
      storageKey: footageKey,
      scanStatus: 'NOT_SCANNED',
      uploadedAt: now,
      createdAt: now,
    });
    const creator = await joinedCreator(context, campaign.id);
    const entry = await enterClip(creator, campaign.id, 'footage-copy.mp4');

    expect(await runCheck()).toEqual({ footage: 1, entries: 1 });
    const originality = (await checksOf(campaign.id)).get(entry.id)?.originality;
    expect(originality).toMatchObject({
      status: 'MATCHED',
      closest: { kind: 'CAMPAIGN_FOOTAGE', entryId: null, campaignName: campaign.name, creatorName: null },
    });
    expect(originality?.closest?.videoUrl).toBeTruthy();
    expect(errorOf(await approve(campaign.id, entry.id)).message).toBe(
      HANDLE_VERIFICATION_MESSAGES.entryVideoMatched,
    );
  });

  it('says the check could not be made where ffmpeg is missing, and holds nothing', async () => {
    const broken = await createTestApp({
      database: context.database,
      clock: context.clock,
      environment: {
        FILES_DIR: context.filesDir,
        FFMPEG_PATH: '/nonexistent/ffmpeg',
        FFPROBE_PATH: '/nonexistent/ffprobe',
      },
    });
    try {
      const campaign = await liveCampaign();
      const creator = await joinedCreator(context, campaign.id);
      const entry = await enterClip(creator, campaign.id, 'original.mp4');
      expect(await runCheck(broken)).toEqual({ footage: 0, entries: 1 });
      expect((await checksOf(campaign.id)).get(entry.id)?.originality).toMatchObject({
        status: 'UNAVAILABLE',
        reason: 'ffmpeg-missing',
        distance: null,
        posterUrl: null,
      });
      expect((await approve(campaign.id, entry.id)).statusCode).toBe(200);
    } finally {
      await broken.app.close();
      await rm(broken.filesDir, { recursive: true, force: true });
    }
  });

  it('shows a post entry’s proven account and what its platform said of it, and 404s outside the caller’s scope', async () => {
    const campaign = await liveCampaign();
    const creator = await joinedCreator(context, campaign.id);
    const { id } = await createEntry(context, { campaignId: campaign.id, creatorId: creator.account.id });
    await context.db
      .update(campaignEntries)
      .set({
        postPublishedAt: new Date('2026-11-20T10:00:00.000Z'),
        postAuthorAccountId: 'tiktok-author-1',
        postFactsSource: 'tiktok-display-api',
      })
      .where(eq(campaignEntries.id, id));

    const check = (await checksOf(campaign.id)).get(id);
    expect(check).toMatchObject({
      account: { verified: { method: 'EVIDENCE', accountId: null } },
      post: {
        publishedAt: '2026-11-20T10:00:00.000Z',
        authorAccountId: 'tiktok-author-1',
        source: 'tiktok-display-api',
      },
      originality: null,
    });
    expect(check?.account.handle).toMatch(/^casey_/);
    const elsewhere = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    expect((await world.as('CampaignManager').get(staffPath(elsewhere.id, '/entry-checks'))).statusCode).toBe(
      404,
    );
  });
});
