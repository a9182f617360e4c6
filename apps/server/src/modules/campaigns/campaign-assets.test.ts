import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_MAX_BYTES,
  type CampaignAsset,
  type CampaignAssetUploadResponse,
  type CampaignDetail,
} from '@platform/shared';
import { campaignAssets, campaigns } from '../../db/schema/index';
import { EICAR, EICAR_SIGNATURE_NAME, startClamd, type Clamd } from '../../test/clamd';
import { campaignBody, createCampaign, createWorld, TINY_PNG, type World } from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, signedUrlPath, type TestApp } from '../../test/harness';

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
}, 90_000);
afterAll(async () => {
  await context?.close();
  await clamd?.stop();
});

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

const CAMPAIGNS = '/server-api/marketing/campaigns';

const draft = () =>
  createCampaign(context, { teamId: world.homeTeam.id, territoryIds: [world.homeTerritory.id] });

/** Asks for a URL, PUTs the bytes to it as a browser would, and completes the upload. */
async function uploadAsset(
  campaignId: string,
  file: { name: string; type: string; body: Buffer },
  on: { context: TestApp; world: World } = { context, world },
) {
  const marketer = on.world.as('CampaignMarketer');
  const requested = await marketer.post(`${CAMPAIGNS}/${campaignId}/assets`, {
    fileName: file.name,
    contentType: file.type,
    size: file.body.length,
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const { asset, url } = requested.json<CampaignAssetUploadResponse>();
  const put = await on.context.app.inject({
    method: 'PUT',
    url: signedUrlPath(url),
    payload: file.body,
    headers: { 'content-type': file.type },
  });
  expect(put.statusCode, put.body).toBe(200);
  return marketer.post(`${CAMPAIGNS}/${campaignId}/assets/${asset.id}/complete`);
}

const rowsOf = (campaignId: string) =>
  context.db.select().from(campaignAssets).where(eq(campaignAssets.campaignId, campaignId));

describe('a campaign’s files', () => {
  it('takes an image in: scanned clean by clamd, with a thumbnail, and listed on the campaign', async () => {
    const campaign = await draft();
    const completed = await uploadAsset(campaign.id, {
      name: 'cover.png',
      type: 'image/png',
      body: TINY_PNG,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const asset = completed.json<CampaignAsset>();
    expect(asset).toMatchObject({
      fileType: 'image',
      fileName: 'cover.png',
      scanStatus: 'SUCCESS',
      scanned: true,
      path: `campaign-assets/${campaign.id}/${asset.id}.png`,
      thumbnailPath: `campaign-assets/${campaign.id}/${asset.id}.png.thumbnail.webp`,
    });
    const status = await world
      .as('CampaignViewer')
      .get(`/server-api/asset/status/${encodeURIComponent(asset.path ?? '')}`);
    expect(status.statusCode).toBe(200);
    expect(status.body).toBe('SUCCESS');
    const detail = await world.as('CampaignMarketer').get(`${CAMPAIGNS}/${campaign.id}`);
    expect(detail.json<CampaignDetail>().assets.map((listed) => listed.id)).toEqual([asset.id]);
  });

  // Scanned before its content is read: a virus is reported as one, whatever it is named.
  it('refuses the EICAR test file as THREATS_FOUND and keeps no byte of it', async () => {
    const campaign = await draft();
    const completed = await uploadAsset(campaign.id, {
      name: 'brief.pdf',
      type: 'application/pdf',
      body: EICAR,
    });
    expect(completed.json<CampaignAsset>()).toMatchObject({
      scanStatus: 'THREATS_FOUND',
      scanned: false,
      path: null,
    });
    const [row] = await rowsOf(campaign.id);
    expect(row?.scanDetail).toBe(EICAR_SIGNATURE_NAME);
    expect(await context.storage.head(row?.storageKey ?? '')).toBeNull();
  });

  it('refuses a PNG named .pdf with 422 and removes it', async () => {
    const campaign = await draft();
    const completed = await uploadAsset(campaign.id, {
      name: 'brief.pdf',
      type: 'application/pdf',
      body: TINY_PNG,
    });
    expect(completed.statusCode).toBe(422);
    expect(completed.json<ErrorBody>().error.message).toBe(
      'This file’s content does not match its type. Please upload the original file.',
    );
    expect(await rowsOf(campaign.id)).toEqual([]);
  });

  it('refuses 250 MB and one byte before anything is stored, and a type that is not an asset', async () => {
    const campaign = await draft();
    const marketer = world.as('CampaignMarketer');
    const tooLarge = await marketer.post(`${CAMPAIGNS}/${campaign.id}/assets`, {
      fileName: 'teaser.mp4',
      contentType: 'video/mp4',
      size: UPLOAD_MAX_BYTES + 1,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json<ErrorBody>().error.details).toEqual([
      { field: 'size', message: 'File size exceeds the maximum limit of 250 MB.' },
    ]);
    const script = await marketer.post(`${CAMPAIGNS}/${campaign.id}/assets`, {
      fileName: 'page.html',
      contentType: 'text/html',
      size: 10,
    });
    expect(script.statusCode).toBe(400);
    expect(await rowsOf(campaign.id)).toEqual([]);
  });

  it('answers 409 when the upload is completed before any byte arrived', async () => {
    const campaign = await draft();
    const requested = await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${campaign.id}/assets`, {
      fileName: 'cover.png',
      contentType: 'image/png',
      size: TINY_PNG.length,
    });
    const { asset } = requested.json<CampaignAssetUploadResponse>();
    const completed = await world
      .as('CampaignMarketer')
      .post(`${CAMPAIGNS}/${campaign.id}/assets/${asset.id}/complete`);
    expect(completed.statusCode).toBe(409);
  });

  it('removes a file, and the cover with it; a copy’s file keeps its bytes', async () => {
    const campaign = await draft();
    const asset = (
      await uploadAsset(campaign.id, { name: 'cover.png', type: 'image/png', body: TINY_PNG })
    ).json<CampaignAsset>();
    const copy = (
      await world.as('CampaignMarketer').post(`${CAMPAIGNS}/${campaign.id}/copy`)
    ).json<CampaignDetail>();
    const removed = await world
      .as('CampaignMarketer')
      .delete(`${CAMPAIGNS}/${campaign.id}/assets/${asset.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await rowsOf(campaign.id)).toEqual([]);
    expect(await context.storage.head(asset.path ?? '')).not.toBeNull();
    expect(copy.assets).toHaveLength(1);
    const again = await world.as('CampaignMarketer').delete(`${CAMPAIGNS}/${campaign.id}/assets/${asset.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('tells a file’s status to nobody who may not see its campaign', async () => {
    const campaign = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.otherTerritory.id],
    });
    await context.db.insert(campaignAssets).values({
      id: crypto.randomUUID(),
      campaignId: campaign.id,
      fileType: 'image',
      fileName: 'x.png',
      contentType: 'image/png',
      size: 1,
      storageKey: `campaign-assets/${campaign.id}/x.png`,
      scanStatus: 'SUCCESS',
      createdAt: context.clock.now(),
    });
    const path = encodeURIComponent(`campaign-assets/${campaign.id}/x.png`);
    expect((await world.as('CampaignMarketer').get(`/server-api/asset/status/${path}`)).statusCode).toBe(404);
    expect((await world.as('Creator').get(`/server-api/asset/status/${path}`)).statusCode).toBe(404);
    expect((await world.as('Admin').get(`/server-api/asset/status/${path}`)).body).toBe('SUCCESS');
  });
});

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe('serving a campaign’s files', () => {
  /** A draft with a scanned image and PDF, and one file clamd found a threat in. */
  async function campaignWithFiles() {
    const campaign = await draft();
    const image = (
      await uploadAsset(campaign.id, { name: 'cover.png', type: 'image/png', body: TINY_PNG })
    ).json<CampaignAsset>();
    const pdf = (
      await uploadAsset(campaign.id, { name: 'brief.pdf', type: 'application/pdf', body: TINY_PDF })
    ).json<CampaignAsset>();
    await uploadAsset(campaign.id, { name: 'virus.png', type: 'image/png', body: EICAR });
    const [threat] = (await rowsOf(campaign.id)).filter((row) => row.scanStatus === 'THREATS_FOUND');
    return { campaign, image, pdf, threatKey: threat?.storageKey ?? '' };
  }

  const setStatus = (id: string, status: 'PUBLISHED' | 'LIVE' | 'UNPUBLISH', archived = false) =>
    context.db
      .update(campaigns)
      .set({ status, archivedAt: archived ? context.clock.now() : null })
      .where(eq(campaigns.id, id));

  const fetchPublic = (path: string | null) =>
    context.app.inject({ method: 'GET', url: `/server-api/${path ?? 'missing'}` });

  it('serves a published campaign’s files without a session: pictures inline, a PDF as a download', async () => {
    const { campaign, image, pdf } = await campaignWithFiles();
    expect((await fetchPublic(image.path)).statusCode).toBe(404);

    await setStatus(campaign.id, 'PUBLISHED');
    const served = await fetchPublic(image.path);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="cover.png"',
    });
    const thumbnail = await fetchPublic(image.thumbnailPath);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const document = await fetchPublic(pdf.path);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-disposition']).toBe('attachment; filename="brief.pdf"');
    expect(document.headers['content-security-policy']).toContain('sandbox');
  });

  it('never serves a file with a threat, of an unpublished or archived campaign, or outside the folder', async () => {
    const { campaign, image, threatKey } = await campaignWithFiles();
    await setStatus(campaign.id, 'LIVE');
    expect((await fetchPublic(threatKey)).statusCode).toBe(404);
    expect((await fetchPublic(`${image.path ?? ''}.other`)).statusCode).toBe(404);
    expect((await fetchPublic(`campaign-assets/${campaign.id}/../${image.id}.png`)).statusCode).toBe(404);
    await setStatus(campaign.id, 'UNPUBLISH');
    expect((await fetchPublic(image.path)).statusCode).toBe(404);
    await setStatus(campaign.id, 'LIVE', true);
    expect((await fetchPublic(image.path)).statusCode).toBe(404);
  });

  it('gives staff signed links to a draft’s files, and creators the public path', async () => {
    const { campaign, image } = await campaignWithFiles();
    const detail = (
      await world.as('CampaignViewer').get(`${CAMPAIGNS}/${campaign.id}`)
    ).json<CampaignDetail>();
    const listed = detail.assets.find((asset) => asset.id === image.id);
    expect(listed?.url).toContain('signature=');
    const viaLink = await context.app.inject({ method: 'GET', url: signedUrlPath(listed?.url ?? '') });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.equals(TINY_PNG)).toBe(true);
    const thumbnail = await context.app.inject({
      method: 'GET',
      url: signedUrlPath(listed?.thumbnailUrl ?? ''),
    });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const again = (
      await world.as('CampaignViewer').get(`${CAMPAIGNS}/${campaign.id}`)
    ).json<CampaignDetail>();
    expect(again.assets.find((asset) => asset.id === image.id)?.url).toBe(listed?.url);
    const threat = detail.assets.find((asset) => asset.scanStatus === 'THREATS_FOUND');
    expect(threat).toMatchObject({ url: null, thumbnailUrl: null });

    await context.db.update(campaigns).set({ coverAssetId: image.id }).where(eq(campaigns.id, campaign.id));
    await setStatus(campaign.id, 'PUBLISHED');
    const seen = await world.as('Creator').get(`/server-api/campaigns/${campaign.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    const shown = seen.json<{ assets: CampaignAsset[] }>().assets.find((asset) => asset.id === image.id);
    expect(shown).toMatchObject({
      url: `/server-api/${image.path ?? ''}`,
      thumbnailUrl: `/server-api/${image.thumbnailPath ?? ''}`,
    });
    // The cover: the image itself for the campaign's page, its thumbnail for the lists.
    const cover = { coverImagePath: image.path, coverThumbnailPath: image.thumbnailPath };
    expect(seen.json()).toMatchObject(cover);
    const cards = (await world.as('Creator').get('/server-api/campaigns')).json<{ id: string }[]>();
    expect(cards.find((card) => card.id === campaign.id)).toMatchObject(cover);
    expect((await fetchPublic(cover.coverImagePath)).headers['content-type']).toBe('image/png');
    expect((await fetchPublic(cover.coverThumbnailPath)).headers['content-type']).toBe('image/webp');
  });
});

describe('a campaign’s files on a server without a virus scanner', () => {
  let unscanned: { context: TestApp; world: World };
  beforeAll(async () => {
    const plain = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
    unscanned = { context: plain, world: await createWorld(plain) };
  });
  afterAll(async () => {
    await unscanned?.context.close();
  });

  it('keeps a file marked NOT_SCANNED, never SUCCESS, and serves it, as the cover too', async () => {
    const { context: plain, world: people } = unscanned;
    const place = { teamId: people.homeTeam.id, territoryIds: [people.homeTerritory.id] };
    const campaign = await createCampaign(plain, place);
    const completed = await uploadAsset(
      campaign.id,
      { name: 'cover.png', type: 'image/png', body: TINY_PNG },
      unscanned,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    const image = completed.json<CampaignAsset>();
    expect(image).toMatchObject({ scanStatus: 'NOT_SCANNED', scanned: false });
    expect(image.path).not.toBeNull();
    const [row] = await plain.db.select().from(campaignAssets).where(eq(campaignAssets.id, image.id));
    expect(row).toMatchObject({ scanStatus: 'NOT_SCANNED', scanned: false });
    expect(row?.scanDetail).toMatch(/not scanned/i);
    const status = await people
      .as('CampaignViewer')
      .get(`/server-api/asset/status/${encodeURIComponent(image.path ?? '')}`);
    expect(status.body).toBe('NOT_SCANNED');

    const edited = await people
      .as('CampaignMarketer')
      .put(`${CAMPAIGNS}/${campaign.id}`, campaignBody(plain, { ...place, coverAssetId: image.id }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CampaignDetail>().coverImagePath).toBe(image.path);
    await plain.db.update(campaigns).set({ status: 'PUBLISHED' }).where(eq(campaigns.id, campaign.id));
    const seen = (await people.as('Creator').get(`/server-api/campaigns/${campaign.id}`)).json<{
      assets: CampaignAsset[];
    }>();
    expect(seen.assets.map((asset) => [asset.id, asset.scanStatus])).toEqual([[image.id, 'NOT_SCANNED']]);
    const served = await plain.app.inject({ method: 'GET', url: `/server-api/${image.path ?? ''}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('moves files kept unscanned before NOT_SCANNED existed to it (migration 0019), and no other', async () => {
    const { context: plain, world: people } = unscanned;
    const campaign = await createCampaign(plain, {
      teamId: people.homeTeam.id,
      territoryIds: [people.homeTerritory.id],
    });
    const stored = (name: string, scanStatus: 'SUCCESS' | 'FAILED', scanned: boolean) => ({
      id: crypto.randomUUID(),
      campaignId: campaign.id,
      fileType: 'image' as const,
      fileName: name,
      contentType: 'image/png',
      size: TINY_PNG.length,
      storageKey: `campaign-assets/${campaign.id}/${name}`,
      scanStatus,
      scanned,
      uploadedAt: plain.clock.now(),
      createdAt: plain.clock.now(),
    });
    const rows = [
      stored('kept-unscanned.png', 'SUCCESS', false),
      stored('scanned-clean.png', 'SUCCESS', true),
      stored('failed.png', 'FAILED', false),
    ];
    await plain.db.insert(campaignAssets).values(rows);
    const migration = readFileSync(
      new URL('../../db/migrations/0019_not_scanned_assets.sql', import.meta.url),
      'utf8',
    );
    await plain.db.execute(sql.raw(migration));
    const after = await plain.db
      .select({ name: campaignAssets.fileName, scanStatus: campaignAssets.scanStatus })
      .from(campaignAssets)
      .where(eq(campaignAssets.campaignId, campaign.id));
    expect(Object.fromEntries(after.map((row) => [row.name, row.scanStatus]))).toEqual({
      'kept-unscanned.png': 'NOT_SCANNED',
      'scanned-clean.png': 'SUCCESS',
      'failed.png': 'FAILED',
    });
  });
});
