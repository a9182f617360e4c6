import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KYC_FILE_MAX_BYTES,
  type CampaignAsset,
  type CampaignAssetUploadResponse,
  type CampaignDetail,
  type KycReviewDetail,
  type KycSdkConfig,
} from '@platform/shared';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { createS3Storage } from '../../adapters/storage/s3-storage';
import { campaignAssets, campaigns, kycApplications } from '../../db/schema/index';
import { EICAR, startClamd, type Clamd } from '../../test/clamd';
import {
  createCampaign,
  createCreator,
  createStaffMember,
  createWorld,
  signedIn,
  TINY_PNG,
  type World,
} from '../../test/factories';
import {
  createTestApp,
  createTestClock,
  NO_AUTH_RATE_LIMITS,
  PUBLIC_URL,
  signedUrlPath,
  storedPaths,
  type TestApp,
} from '../../test/harness';
import { startS3rver, type S3rverHandle } from '../../test/s3rver';

// The app as a deployment with S3_BUCKET set runs it: every file in the bucket (s3rver here), campaign
// files uploaded straight to it by presigned PUTs, identity documents through the platform's own route.

let clamd: Clamd;
let s3: S3rverHandle;
let context: TestApp;
let world: World;
/** The bucket as another S3 client sees it, not through the app. */
let bucket: FileStorage;
beforeAll(async () => {
  [clamd, s3] = await Promise.all([startClamd(), startS3rver()]);
  context = await createTestApp({
    authRateLimits: NO_AUTH_RATE_LIMITS,
    // The bucket checks a link's signing date against the real time: the app's clock starts from it.
    clock: createTestClock(new Date()),
    environment: {
      CLAMD_HOST: clamd.host,
      CLAMD_PORT: String(clamd.port),
      S3_ENDPOINT: s3.options.endpoint,
      S3_REGION: s3.options.region,
      S3_BUCKET: s3.options.bucket,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  world = await createWorld(context);
  bucket = createS3Storage(s3.options);
}, 90_000);
afterAll(async () => {
  await context?.close();
  await Promise.all([clamd?.stop(), s3?.stop()]);
});

const CAMPAIGNS = '/server-api/marketing/campaigns';
const BUCKET_URL = () => `${s3.options.endpoint}/${s3.options.bucket}/`;

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Asks for an upload URL, PUTs the bytes to it over HTTP as a browser would, and completes the upload. */
async function uploadAsset(campaignId: string, file: { name: string; type: string; body: Buffer }) {
  const marketer = world.as('CampaignMarketer');
  const requested = await marketer.post(`${CAMPAIGNS}/${campaignId}/assets`, {
    fileName: file.name,
    contentType: file.type,
    size: file.body.length,
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const { asset, url } = requested.json<CampaignAssetUploadResponse>();
  // One type and a declared size: S3 itself can hold the upload to them, so the bytes go straight there.
  expect(url.startsWith(BUCKET_URL())).toBe(true);
  const put = await fetch(url, { method: 'PUT', body: file.body, headers: { 'content-type': file.type } });
  expect(put.status, await put.text()).toBe(200);
  return marketer.post(`${CAMPAIGNS}/${campaignId}/assets/${asset.id}/complete`);
}

describe('campaign files in S3', () => {
  it('takes a file by a presigned PUT to the bucket, scans it, and serves it once the campaign is published', async () => {
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
    });
    const completed = await uploadAsset(campaign.id, {
      name: 'cover.png',
      type: 'image/png',
      body: TINY_PNG,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const asset = completed.json<CampaignAsset>();
    expect(asset).toMatchObject({ scanStatus: 'SUCCESS', scanned: true });
    const path = asset.path ?? '';
    const thumbnailPath = asset.thumbnailPath ?? '';
    expect(await bucket.head(path)).toEqual({ size: TINY_PNG.length, contentType: 'image/png' });
    expect(await bucket.head(thumbnailPath)).toMatchObject({ contentType: 'image/webp' });

    // Staff see a draft's files through links presigned for the bucket.
    const detail = (
      await world.as('CampaignViewer').get(`${CAMPAIGNS}/${campaign.id}`)
    ).json<CampaignDetail>();
    const link = detail.assets.find((listed) => listed.id === asset.id)?.url ?? '';
    expect(link.startsWith(BUCKET_URL())).toBe(true);
    const viaLink = await fetch(link);
    expect(viaLink.status).toBe(200);
    expect(Buffer.from(await viaLink.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    // Signed from the start of the hour, the link is the same on a read seconds later, so the browser's
    // copy holds (S3 dates a signature to the second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    context.clock.advance(1100);
    const again = (
      await world.as('CampaignViewer').get(`${CAMPAIGNS}/${campaign.id}`)
    ).json<CampaignDetail>();
    expect(again.assets.find((listed) => listed.id === asset.id)?.url).toBe(link);

    const fetchPublic = (key: string) => context.app.inject({ method: 'GET', url: `/server-api/${key}` });
    expect((await fetchPublic(path)).statusCode).toBe(404);
    await context.db.update(campaigns).set({ status: 'PUBLISHED' }).where(eq(campaigns.id, campaign.id));
    const served = await fetchPublic(path);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline; filename="cover.png"',
      'x-content-type-options': 'nosniff',
    });
    const thumbnail = await fetchPublic(thumbnailPath);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
  });

  it('removes a file clamd finds a threat in from the bucket', async () => {
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
    });
    const completed = await uploadAsset(campaign.id, {
      name: 'brief.pdf',
      type: 'application/pdf',
      body: EICAR,
    });
    expect(completed.json<CampaignAsset>()).toMatchObject({ scanStatus: 'THREATS_FOUND', path: null });
    const [row] = await context.db
      .select()
      .from(campaignAssets)
      .where(eq(campaignAssets.campaignId, campaign.id));
    expect(await bucket.head(row?.storageKey ?? '')).toBeNull();
  });

  it('lets the pages upload to the bucket and show files from it', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/console' });
    const directives = String(page.headers['content-security-policy']).split(';');
    expect(directives).toEqual(
      expect.arrayContaining([
        `connect-src 'self' ${s3.options.endpoint}`,
        `img-src 'self' data: blob: ${s3.options.endpoint}`,
      ]),
    );
  });
});

describe('identity documents in S3', () => {
  const upload = (url: string, body: Buffer, contentType: string) =>
    context.app.inject({
      method: 'PUT',
      url: signedUrlPath(url),
      payload: body,
      headers: { 'content-type': contentType },
    });

  /** A creator at the identity step, with the upload URLs they are given. */
  async function creatorWithUploads() {
    const creator = await signedIn(context, await createCreator(context, { status: 'KYC_CAPTURE' }));
    const response = await creator.as.get('/server-api/creator/kyc-sdk-config');
    expect(response.statusCode, response.body).toBe(200);
    const { uploads } = response.json<KycSdkConfig>();
    if (!uploads) throw new Error('no upload URLs');
    return { creator, uploads };
  }

  it('takes a document of any accepted type through the platform’s route into the bucket, for Support to review', async () => {
    const { creator, uploads } = await creatorWithUploads();
    // A choice of types and no declared size: no presigned PUT can bind those, so the platform's own
    // route takes the upload, checks it and streams it into the bucket.
    expect(uploads.document.url.startsWith(`${PUBLIC_URL}/server-api/files/kyc/`)).toBe(true);
    expect(uploads.selfie.url.startsWith(`${PUBLIC_URL}/server-api/files/kyc/`)).toBe(true);
    expect((await upload(uploads.document.url, TINY_PDF, 'application/pdf')).statusCode).toBe(200);
    expect((await upload(uploads.selfie.url, TINY_PNG, 'image/png')).statusCode).toBe(200);

    const submitted = await creator.as.get('/server-api/creator/create-kyc-application');
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [application] = await context.db
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.creatorId, creator.account.id))
      .orderBy(asc(kycApplications.createdAt));
    expect(await bucket.head(application?.documentKey ?? '')).toEqual({
      size: TINY_PDF.length,
      contentType: 'application/pdf',
    });
    expect(await bucket.head(application?.selfieKey ?? '')).toEqual({
      size: TINY_PNG.length,
      contentType: 'image/png',
    });

    const support = await signedIn(context, await createStaffMember(context, { role: 'Support' }));
    const review = await support.as.get(`/server-api/marketing/kyc/${application?.id ?? ''}`);
    expect(review.statusCode, review.body).toBe(200);
    const documentUrl = review.json<KycReviewDetail>().files.document?.url ?? '';
    expect(documentUrl.startsWith(BUCKET_URL())).toBe(true);
    const document = await fetch(documentUrl);
    expect(document.status).toBe(200);
    expect(Buffer.from(await document.arrayBuffer()).equals(TINY_PDF)).toBe(true);
    expect(document.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses a document over 10 MB on its way in, leaving nothing in the bucket', async () => {
    const { creator, uploads } = await creatorWithUploads();
    const tooLarge = Buffer.concat([TINY_PDF, Buffer.alloc(KYC_FILE_MAX_BYTES)]);
    const response = await upload(uploads.document.url, tooLarge, 'application/pdf');
    expect(response.statusCode).toBe(413);
    const config = await creator.as.get('/server-api/creator/kyc-sdk-config');
    expect(config.json<KycSdkConfig>().uploads?.document.uploaded).toBe(false);
    expect(await s3.pendingUploads()).toEqual([]);
  });
});

describe('with S3 configured', () => {
  it('keeps nothing on local disk, and never logs the secret key', async () => {
    expect(await storedPaths(context.filesDir)).toEqual([]);
    expect(context.logText()).not.toContain(s3.options.secretAccessKey);
  });
});
