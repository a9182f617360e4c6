import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREATOR_MESSAGES,
  KYC_ERROR_CODES,
  KYC_FILE_MAX_BYTES,
  KYC_MESSAGES,
  type KycApplicationResponse,
  type KycReviewDetail,
  type KycReviewListResponse,
  type KycSdkConfig,
  type OnboardingStatus,
} from '@platform/shared';
import { ONFIDO_SIGNATURE_HEADER } from '../../adapters/kyc/onfido-webhook';
import { auditLog, kycApplications } from '../../db/schema/index';
import {
  createCreator,
  createStaffMember,
  creatorInfoOf,
  signedIn,
  TINY_PNG,
  type SignedIn,
  type TestAccount,
} from '../../test/factories';
import {
  onfidoCheckWebhookBody,
  onfidoError,
  signOnfidoWebhook,
  startFakeOnfido,
  type FakeOnfido,
} from '../../test/fakes/onfido';
import {
  createTestApp,
  createTestClock,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  PUBLIC_URL,
  signedUrlPath,
  storedPaths,
  type TestApp,
} from '../../test/harness';

const SDK_CONFIG = '/server-api/creator/kyc-sdk-config';
const SUBMIT = '/server-api/creator/create-kyc-application';
const QUEUE = '/server-api/marketing/kyc';
const ONFIDO_HOOK = '/server-api/hooks/kyc/onfido';

/** The smallest JPEG a browser and a sniffer both take for one. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
    '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A creator at `status` with a session of their own. */
const creatorAt = async (context: TestApp, status: OnboardingStatus) =>
  signedIn(context, await createCreator(context, { status }));

const staff = async (context: TestApp, role: 'Support' | 'CampaignViewer') =>
  signedIn(context, await createStaffMember(context, { role, displayName: `${role} Reviewer` }));

async function sdkConfigOf(creator: SignedIn): Promise<KycSdkConfig> {
  const response = await creator.as.get(SDK_CONFIG);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KycSdkConfig>();
}

/** The creator's identity checks, oldest first. */
const applicationsOf = (context: TestApp, creator: TestAccount) =>
  context.db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.creatorId, creator.id))
    .orderBy(asc(kycApplications.createdAt));

describe('the built-in identity check', () => {
  let context: TestApp;
  const clock = createTestClock();
  let support: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    context = await createTestApp({ clock, authRateLimits: NO_AUTH_RATE_LIMITS });
    support = await staff(context, 'Support');
  });
  afterAll(async () => {
    await context?.close();
  });

  const upload = (url: string, body: Buffer | string, contentType: string) =>
    context.app.inject({
      method: 'PUT',
      url: signedUrlPath(url),
      payload: body,
      headers: { 'content-type': contentType },
    });

  async function uploadBoth(config: KycSdkConfig, selfie = { body: TINY_PNG, type: 'image/png' }) {
    if (!config.uploads) throw new Error('no upload URLs');
    expect((await upload(config.uploads.document.url, TINY_PDF, 'application/pdf')).statusCode).toBe(200);
    expect((await upload(config.uploads.selfie.url, selfie.body, selfie.type)).statusCode).toBe(200);
  }

  /** A creator whose check waits for Support, the check's id, and the upload URLs they were given. */
  async function submittedCreator(): Promise<SignedIn & { checkId: string; config: KycSdkConfig }> {
    const creator = await creatorAt(context, 'KYC_CAPTURE');
    const config = await sdkConfigOf(creator);
    await uploadBoth(config);
    const response = await creator.as.get(SUBMIT);
    expect(response.statusCode, response.body).toBe(200);
    const [application] = await applicationsOf(context, creator.account);
    if (!application) throw new Error('no identity check was stored');
    return { ...creator, checkId: application.id, config };
  }

  const decide = (checkId: string, body: Record<string, unknown>, as = support.as) =>
    as.post(`${QUEUE}/${checkId}/decision`, body);

  const auditOf = (checkId: string) =>
    context.db.select().from(auditLog).where(eq(auditLog.targetId, checkId)).orderBy(asc(auditLog.at));

  describe('the creator’s side', () => {
    it('gives a creator at KYC_CAPTURE a URL for their identity document and one for a selfie', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const config = await sdkConfigOf(creator);
      expect(config).toMatchObject({ provider: 'built-in', status: 'Created', reason: null, sdkToken: null });
      expect(config.uploads?.document).toMatchObject({
        accept: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
        maxBytes: KYC_FILE_MAX_BYTES,
        uploaded: false,
      });
      expect(config.uploads?.selfie).toMatchObject({
        accept: ['image/jpeg', 'image/png', 'image/webp'],
        uploaded: false,
      });
      expect(config.uploads?.document.url).not.toBe(config.uploads?.selfie.url);
      expect((await creatorInfoOf(creator)).kyc).toMatchObject({ status: 'Created', provider: 'built-in' });
    });

    it('keeps one application open however often the creator asks, and says which files are in', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const [first] = await Promise.all([sdkConfigOf(creator), sdkConfigOf(creator), sdkConfigOf(creator)]);
      if (!first?.uploads) throw new Error('no upload URLs');
      await upload(first.uploads.selfie.url, TINY_JPEG, 'image/jpeg');
      const again = await sdkConfigOf(creator);
      expect(again.uploads?.selfie.uploaded).toBe(true);
      expect(again.uploads?.document.uploaded).toBe(false);
      expect(await applicationsOf(context, creator.account)).toHaveLength(1);
    });

    it('submits a PDF document and a JPEG selfie: ManualReview, and the creator moves to KYC_CHECK', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      await uploadBoth(await sdkConfigOf(creator), { body: TINY_JPEG, type: 'image/jpeg' });
      const response = await creator.as.get(SUBMIT);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<KycApplicationResponse>()).toEqual({
        status: 'ManualReview',
        message: 'Thank you. We are checking your identity and will let you know when it is done.',
      });
      const info = await creatorInfoOf(creator);
      expect(info.status).toBe('KYC_CHECK');
      expect(info.kyc).toMatchObject({ status: 'ManualReview', provider: 'built-in', reason: null });
      expect(await sdkConfigOf(creator)).toEqual({
        provider: 'built-in',
        status: 'ManualReview',
        reason: null,
        sdkToken: null,
        uploads: null,
      });
    });

    it('answers a second submission 422, which the app takes in its stride, changing nothing', async () => {
      const creator = await submittedCreator();
      const before = await context.rowCounts();
      const response = await creator.as.get(SUBMIT);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_FIELDS',
        message: CREATOR_MESSAGES.kycAlreadySubmitted,
      });
      expect(await context.rowCounts()).toEqual(before);
      expect((await creatorInfoOf(creator)).kyc.status).toBe('ManualReview');
    });

    it('refuses to submit before the files are uploaded, listing each missing file', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const never = await creator.as.get(SUBMIT);
      expect(never.statusCode).toBe(422);
      expect(errorOf(never)).toEqual(
        expect.objectContaining({
          code: 'INVALID_FIELDS',
          message: 'Please verify the following field(s): Identity document, Selfie',
          details: [
            { field: 'document', message: CREATOR_MESSAGES.kycNotReady },
            { field: 'selfie', message: CREATOR_MESSAGES.kycNotReady },
          ],
        }),
      );

      const config = await sdkConfigOf(creator);
      if (!config.uploads) throw new Error('no upload URLs');
      await upload(config.uploads.document.url, TINY_PNG, 'image/png');
      const before = await context.rowCounts();
      const half = await creator.as.get(SUBMIT);
      expect(half.statusCode).toBe(422);
      expect(errorOf(half)).toMatchObject({
        message: 'Please verify the following field(s): Selfie',
        details: [{ field: 'selfie', message: CREATOR_MESSAGES.kycNotReady }],
      });
      expect(await context.rowCounts()).toEqual(before);
      expect((await creatorInfoOf(creator)).status).toBe('KYC_CAPTURE');
    });

    it('refuses a file whose bytes are not what it was uploaded as, and nothing moves', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      await uploadBoth(await sdkConfigOf(creator), {
        body: Buffer.from('I am a text file, not a photo.'),
        type: 'image/png',
      });
      const response = await creator.as.get(SUBMIT);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_FIELDS',
        message: 'Please verify the following field(s): Selfie',
        details: [{ field: 'selfie', message: KYC_MESSAGES.fileNotReadable('selfie') }],
      });
      expect((await creatorInfoOf(creator)).status).toBe('KYC_CAPTURE');

      const retaken = await sdkConfigOf(creator);
      if (!retaken.uploads) throw new Error('no upload URLs');
      expect(retaken.uploads.document.uploaded).toBe(true);
      expect(retaken.uploads.selfie.uploaded).toBe(false);
      await upload(retaken.uploads.selfie.url, TINY_PNG, 'image/png');
      expect((await creator.as.get(SUBMIT)).statusCode).toBe(200);
    });

    it('refuses an HTML page or a JPEG declared image/png, naming each field, and keeps nothing of them', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const config = await sdkConfigOf(creator);
      if (!config.uploads) throw new Error('no upload URLs');
      const filesBefore = await storedPaths(context.filesDir);
      const page = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
      expect((await upload(config.uploads.document.url, page, 'image/png')).statusCode).toBe(200);
      expect((await upload(config.uploads.selfie.url, TINY_JPEG, 'image/png')).statusCode).toBe(200);
      expect((await storedPaths(context.filesDir)).length).toBeGreaterThan(filesBefore.length);
      const before = await context.rowCounts();

      const response = await creator.as.get(SUBMIT);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_FIELDS',
        message: 'Please verify the following field(s): Identity document, Selfie',
        details: [
          { field: 'document', message: KYC_MESSAGES.fileNotReadable('document') },
          { field: 'selfie', message: KYC_MESSAGES.fileNotReadable('selfie') },
        ],
      });
      expect(await context.rowCounts()).toEqual(before);
      expect(await storedPaths(context.filesDir)).toEqual(filesBefore);
      const again = await sdkConfigOf(creator);
      expect([again.uploads?.document.uploaded, again.uploads?.selfie.uploaded]).toEqual([false, false]);
      expect((await creatorInfoOf(creator)).status).toBe('KYC_CAPTURE');
    });

    it('refuses a PDF as a selfie: the upload URL allows photos only (415), and nothing is stored', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const config = await sdkConfigOf(creator);
      if (!config.uploads) throw new Error('no upload URLs');
      const response = await upload(config.uploads.selfie.url, TINY_PDF, 'application/pdf');
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect((await sdkConfigOf(creator)).uploads?.selfie.uploaded).toBe(false);
    });

    it('refuses a file over 10 MB (413), and nothing is stored', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const config = await sdkConfigOf(creator);
      if (!config.uploads) throw new Error('no upload URLs');
      const tooLarge = Buffer.concat([TINY_PDF, Buffer.alloc(KYC_FILE_MAX_BYTES)]);
      const response = await upload(config.uploads.document.url, tooLarge, 'application/pdf');
      expect(response.statusCode).toBe(413);
      expect(errorOf(response)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'File size exceeds the maximum limit of 10 MB.',
      });
      expect((await sdkConfigOf(creator)).uploads?.document.uploaded).toBe(false);
    });

    it('refuses an upload URL after 15 minutes (410) and one with a changed signature (404)', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const config = await sdkConfigOf(creator);
      if (!config.uploads) throw new Error('no upload URLs');
      const tampered = config.uploads.selfie.url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
      expect((await upload(tampered, TINY_PNG, 'image/png')).statusCode).toBe(404);
      clock.advance(15 * 60_000);
      const expired = await upload(config.uploads.selfie.url, TINY_PNG, 'image/png');
      expect(expired.statusCode).toBe(410);
      expect(errorOf(expired).code).toBe('HINT_EXPIRED');
      const fresh = await sdkConfigOf(creator);
      expect(fresh.uploads?.selfie.uploaded).toBe(false);
      expect(fresh.uploads?.selfie.url).not.toBe(config.uploads.selfie.url);
    });

    it('keeps the submitted files out of reach of the upload URLs that brought them', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const config = await sdkConfigOf(creator);
      await uploadBoth(config);
      expect((await creator.as.get(SUBMIT)).statusCode).toBe(200);
      if (!config.uploads) throw new Error('no upload URLs');
      await upload(config.uploads.selfie.url, Buffer.from('swapped after the check'), 'image/png');
      const [application] = await applicationsOf(context, creator.account);
      const detail = (await support.as.get(`${QUEUE}/${application?.id}`)).json<KycReviewDetail>();
      const selfie = await context.app.inject({
        method: 'GET',
        url: signedUrlPath(detail.files.selfie?.url ?? ''),
      });
      expect(selfie.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('answers 409 before KYC_CAPTURE, for the config and the submission alike', async () => {
      for (const status of ['DATA_CAPTURE', 'AGENCY_CAPTURE'] as const) {
        const creator = await creatorAt(context, status);
        const before = await context.rowCounts();
        for (const path of [SDK_CONFIG, SUBMIT]) {
          const response = await creator.as.get(path);
          expect(response.statusCode, `${status} ${path}`).toBe(409);
          expect(errorOf(response)).toMatchObject({
            code: 'CONFLICT',
            message: CREATOR_MESSAGES.stepNotReached,
          });
        }
        expect(await context.rowCounts()).toEqual(before);
      }
    });

    it('shows a creator past the step where they stand, with nothing to upload or submit', async () => {
      const creator = await creatorAt(context, 'ACTIVE');
      expect(await sdkConfigOf(creator)).toMatchObject({ status: 'None', uploads: null, sdkToken: null });
      expect((await creator.as.get(SUBMIT)).statusCode).toBe(422);
    });
  });

  describe('Support’s review', () => {
    it('lists the checks waiting for a decision, the oldest submission first', async () => {
      const first = await submittedCreator();
      clock.advance(60_000);
      const second = await submittedCreator();
      const response = await support.as.get(`${QUEUE}?pageSize=100`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<KycReviewListResponse>();
      const ids = page.items.map((item) => item.id);
      expect(ids.indexOf(first.checkId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first.checkId)).toBeLessThan(ids.indexOf(second.checkId));
      expect(page.items.every((item) => item.status === 'ManualReview')).toBe(true);
      const submittedAt = page.items.map((item) => item.submittedAt ?? '');
      expect(submittedAt).toEqual([...submittedAt].sort());
      expect(page.items.find((item) => item.id === first.checkId)).toMatchObject({
        creatorId: first.account.id,
        name: 'Casey Creator',
        email: first.account.email,
        country: 'GB',
        dateOfBirth: '1995-04-12',
        provider: 'built-in',
        reason: null,
        decidedAt: null,
        decidedBy: null,
      });
    });

    it('opens a check with both files behind URLs that serve them, expire, and need their signature', async () => {
      const creator = await submittedCreator();
      const response = await support.as.get(`${QUEUE}/${creator.checkId}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<KycReviewDetail>();
      expect(detail).toMatchObject({ id: creator.checkId, status: 'ManualReview' });
      expect(detail.files.document?.contentType).toBe('application/pdf');
      expect(detail.files.selfie?.contentType).toBe('image/png');

      const documentUrl = signedUrlPath(detail.files.document?.url ?? '');
      const selfieUrl = signedUrlPath(detail.files.selfie?.url ?? '');
      const document = await context.app.inject({ method: 'GET', url: documentUrl });
      expect(document.statusCode).toBe(200);
      expect(document.rawPayload.equals(TINY_PDF)).toBe(true);
      expect(document.headers['content-disposition']).toMatch(/^attachment;/);
      const selfie = await context.app.inject({ method: 'GET', url: selfieUrl });
      expect(selfie.rawPayload.equals(TINY_PNG)).toBe(true);

      const unsigned = documentUrl.replace(/[?&]signature=[^&]+/, '');
      expect((await context.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);
      expect(
        (await context.app.inject({ method: 'GET', url: documentUrl.split('?')[0] ?? '' })).statusCode,
      ).toBe(404);
      clock.advance(5 * 60_000);
      expect((await context.app.inject({ method: 'GET', url: selfieUrl })).statusCode).toBe(410);
    });

    it('answers 404 for a check that does not exist or an id that is not one', async () => {
      for (const id of ['00000000-0000-4000-8000-00000000abcd', 'not-a-uuid']) {
        expect((await support.as.get(`${QUEUE}/${id}`)).statusCode).toBe(404);
        expect((await decide(id, { decision: 'approve' })).statusCode).toBe(404);
      }
    });

    it('approves: Success, and the creator moves on to ARTIST_SELECTION', async () => {
      const creator = await submittedCreator();
      const response = await decide(creator.checkId, { decision: 'approve', reason: 'ignored' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<KycReviewDetail>()).toMatchObject({
        status: 'Success',
        reason: null,
        decidedBy: 'Support Reviewer',
      });
      const info = await creatorInfoOf(creator);
      expect(info.status).toBe('ARTIST_SELECTION');
      expect(info.kyc).toMatchObject({ status: 'Success', reason: null });
      const [email] = await context.emails.to(creator.account.email);
      expect(email?.subject).toBe('Your identity is verified');
      expect(email?.actionUrl).toBe('http://app.test/');
      expect(await auditOf(creator.checkId)).toEqual([
        expect.objectContaining({
          action: 'kyc.approve',
          actorId: support.account.id,
          actorRole: 'Support',
          targetType: 'kyc',
          targetLabel: creator.account.email,
          requestId: response.headers['x-request-id'],
          before: { status: 'ManualReview' },
          after: { status: 'Success', reason: null },
        }),
      ]);
    });

    it('rejects with a reason: Failure, the creator stays at KYC_CHECK and reads why', async () => {
      const creator = await submittedCreator();
      const reason = 'The document has expired. Contact Support.';
      const response = await decide(creator.checkId, { decision: 'reject', reason: `  ${reason} ` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<KycReviewDetail>()).toMatchObject({ status: 'Failure', reason });
      const info = await creatorInfoOf(creator);
      expect(info.status).toBe('KYC_CHECK');
      expect(info.kyc).toMatchObject({ status: 'Failure', reason });
      const [email] = await context.emails.to(creator.account.email);
      expect(email?.subject).toBe('We could not verify your identity');
      expect(email?.textBody).toContain(`Why: ${reason}`);
      expect(await sdkConfigOf(creator)).toMatchObject({ status: 'Failure', reason, uploads: null });
      expect((await creator.as.get(SUBMIT)).statusCode).toBe(422);
      expect(await auditOf(creator.checkId)).toMatchObject([
        { action: 'kyc.reject', after: { status: 'Failure', reason } },
      ]);
    });

    it('asks to verify again with a reason: the creator is back at KYC_CAPTURE with new upload URLs', async () => {
      const creator = await submittedCreator();
      const reason = 'The selfie is blurred. Please take it again in good light.';
      const response = await decide(creator.checkId, { decision: 'reverify', reason });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<KycReviewDetail>()).toMatchObject({ status: 'ReVerify', reason });
      const info = await creatorInfoOf(creator);
      expect(info.status).toBe('KYC_CAPTURE');
      expect(info.kyc).toMatchObject({ status: 'ReVerify', reason });
      const [email] = await context.emails.to(creator.account.email);
      expect(email?.subject).toBe('Please verify your identity again');
      expect(email?.textBody).toContain(`Why: ${reason}`);

      const again = await sdkConfigOf(creator);
      expect(again).toMatchObject({ status: 'Created', reason });
      expect(again.uploads?.document.uploaded).toBe(false);
      expect(again.uploads?.selfie.uploaded).toBe(false);
      expect(again.uploads?.selfie.url).not.toBe(creator.config.uploads?.selfie.url);
      expect(again.uploads?.document.url).not.toBe(creator.config.uploads?.document.url);
      expect(await sdkConfigOf(creator)).toMatchObject({ status: 'Created', reason });
      expect(await applicationsOf(context, creator.account)).toHaveLength(2);

      await uploadBoth(again);
      expect((await creator.as.get(SUBMIT)).json<KycApplicationResponse>().status).toBe('ManualReview');
      expect((await creatorInfoOf(creator)).kyc).toMatchObject({ status: 'ManualReview', reason: null });
      expect(await auditOf(creator.checkId)).toMatchObject([
        { action: 'kyc.reverify', after: { status: 'ReVerify', reason } },
      ]);
    });

    it('may ask a rejected creator to try again', async () => {
      const creator = await submittedCreator();
      await decide(creator.checkId, { decision: 'reject', reason: 'Name does not match.' });
      const response = await decide(creator.checkId, {
        decision: 'reverify',
        reason: 'Upload a document in your own name.',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await creatorInfoOf(creator)).status).toBe('KYC_CAPTURE');
    });

    it.each([
      ['reject', {}],
      ['reject', { reason: '   ' }],
      ['reverify', { reason: '' }],
    ])('needs a reason to %s (400), and changes nothing', async (decision, extra) => {
      const creator = await submittedCreator();
      const before = await context.rowCounts();
      const response = await decide(creator.checkId, { decision, ...extra });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'reason', message: KYC_MESSAGES.reasonRequired }],
      });
      expect(await context.rowCounts()).toEqual(before);
      expect((await creatorInfoOf(creator)).kyc.status).toBe('ManualReview');
    });

    it('refuses an unknown decision and a reason over 500 characters (400)', async () => {
      const creator = await submittedCreator();
      expect((await decide(creator.checkId, { decision: 'maybe' })).statusCode).toBe(400);
      const long = await decide(creator.checkId, { decision: 'reject', reason: 'r'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(errorOf(long).details).toEqual([
        { field: 'reason', message: 'You cannot enter more than 500 characters' },
      ]);
    });

    it('answers 409 to a decision on a check already decided, changing nothing', async () => {
      const creator = await submittedCreator();
      expect((await decide(creator.checkId, { decision: 'approve' })).statusCode).toBe(200);
      const before = await context.rowCounts();
      for (const body of [
        { decision: 'approve' },
        { decision: 'reject', reason: 'Too late.' },
        { decision: 'reverify', reason: 'Too late.' },
      ]) {
        const response = await decide(creator.checkId, body);
        expect(response.statusCode, body.decision).toBe(409);
        expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', message: KYC_MESSAGES.notDecidable });
      }
      expect(await context.rowCounts()).toEqual(before);
      expect((await creatorInfoOf(creator)).status).toBe('ARTIST_SELECTION');
    });

    it('lets only one of two simultaneous decisions through', async () => {
      const creator = await submittedCreator();
      const responses = await Promise.all([
        decide(creator.checkId, { decision: 'approve' }),
        decide(creator.checkId, { decision: 'reject', reason: 'No.' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await auditOf(creator.checkId)).toHaveLength(1);
    });

    it('lists decided checks by status', async () => {
      const creator = await submittedCreator();
      await decide(creator.checkId, { decision: 'reject', reason: 'Unreadable.' });
      const page = (
        await support.as.get(`${QUEUE}?status=Failure&pageSize=100`)
      ).json<KycReviewListResponse>();
      expect(page.items.find((item) => item.id === creator.checkId)).toMatchObject({
        status: 'Failure',
        reason: 'Unreadable.',
        decidedBy: 'Support Reviewer',
      });
      expect((await support.as.get(`${QUEUE}?status=Nope`)).statusCode).toBe(400);
    });

    it('is not for staff who do not review creators', async () => {
      const viewer = await staff(context, 'CampaignViewer');
      const creator = await submittedCreator();
      const before = await context.rowCounts();
      expect((await viewer.as.get(QUEUE)).statusCode).toBe(403);
      expect((await viewer.as.get(`${QUEUE}/${creator.checkId}`)).statusCode).toBe(403);
      expect((await decide(creator.checkId, { decision: 'approve' }, viewer.as)).statusCode).toBe(403);
      expect(await context.rowCounts()).toEqual(before);
    });
  });

  it('answers every Onfido webhook 404 while Onfido is not configured, as the metrics webhook does', async () => {
    const body = onfidoCheckWebhookBody({ id: 'check-1', status: 'complete' });
    const before = await context.rowCounts();
    for (const signature of [
      signOnfidoWebhook(body, ''),
      signOnfidoWebhook(body, 'any-token-at-all-0123'),
      '',
    ]) {
      const response = await context.app.inject({
        method: 'POST',
        url: ONFIDO_HOOK,
        payload: body,
        headers: { 'content-type': 'application/json', [ONFIDO_SIGNATURE_HEADER]: signature },
      });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({
        code: KYC_ERROR_CODES.webhookNotConfigured,
        message: KYC_MESSAGES.webhookNotConfigured,
      });
    }
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('the identity check with Onfido', () => {
  const API_TOKEN = 'api_sandbox.test-token';
  const WEBHOOK_TOKEN = 'webhook-token-0123456789';
  let onfido: FakeOnfido;
  let context: TestApp;
  let support: Awaited<ReturnType<typeof staff>>;
  beforeAll(async () => {
    onfido = await startFakeOnfido({ apiToken: API_TOKEN });
    context = await createTestApp({
      authRateLimits: NO_AUTH_RATE_LIMITS,
      environment: {
        ONFIDO_API_URL: onfido.url,
        ONFIDO_API_TOKEN: API_TOKEN,
        ONFIDO_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      },
    });
    support = await staff(context, 'Support');
  });
  afterAll(async () => {
    await context?.close();
    await onfido?.close();
  });

  const requestsTo = (method: string, path: string) =>
    onfido.requests.filter((request) => request.method === method && request.url === `/v3.6${path}`);

  const postWebhook = (body: string, signature: string | undefined) =>
    context.app.inject({
      method: 'POST',
      url: ONFIDO_HOOK,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { [ONFIDO_SIGNATURE_HEADER]: signature }),
      },
    });

  /** Onfido's word that the check is complete, signed as Onfido signs it. */
  const checkCompleted = (checkId: string) => {
    const body = onfidoCheckWebhookBody({ id: checkId, status: 'complete' });
    return postWebhook(body, signOnfidoWebhook(body, WEBHOOK_TOKEN));
  };

  /** A creator whose check is running at Onfido, and the check's id there. */
  async function creatorWithCheck(): Promise<SignedIn & { checkId: string }> {
    const creator = await creatorAt(context, 'KYC_CAPTURE');
    await sdkConfigOf(creator);
    const response = await creator.as.get(SUBMIT);
    expect(response.statusCode, response.body).toBe(200);
    const [application] = await applicationsOf(context, creator.account);
    if (!application?.checkId) throw new Error('no check was started');
    return { ...creator, checkId: application.checkId };
  }

  /** Runs `work` while every call to Onfido answers `reply`. */
  async function whileOnfidoAnswers<Result>(
    reply: { status: number; headers?: Record<string, string> },
    work: () => Promise<Result>,
  ): Promise<Result> {
    onfido.respondWith(() => ({ ...reply, body: { error: { type: 'unavailable', message: 'Down' } } }));
    try {
      return await work();
    } finally {
      onfido.answerAsOnfido();
    }
  }

  it('creates the applicant once, reuses it, and gives the creator an SDK token each time', async () => {
    const creator = await creatorAt(context, 'KYC_CAPTURE');
    const applicantsBefore = requestsTo('POST', '/applicants').length;
    const first = await sdkConfigOf(creator);
    const second = await sdkConfigOf(creator);
    expect(requestsTo('POST', '/applicants')).toHaveLength(applicantsBefore + 1);
    for (const config of [first, second]) {
      expect(config).toMatchObject({ provider: 'onfido', status: 'Created', reason: null, uploads: null });
      expect(config.sdkToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
    expect(first.sdkToken).not.toBe(second.sdkToken);
    const [application] = await applicationsOf(context, creator.account);
    const applicant = onfido.applicants.get(application?.applicantId ?? '');
    expect(applicant).toMatchObject({
      first_name: 'Casey',
      last_name: 'Creator',
      email: creator.account.email,
      dob: '1995-04-12',
      location: { country_of_residence: 'GBR' },
    });
    const tokenRequest = requestsTo('POST', '/sdk_token').at(-1);
    expect(JSON.parse(tokenRequest?.body ?? '{}')).toEqual({
      applicant_id: application?.applicantId,
      referrer: `${PUBLIC_URL}/*`,
    });
  });

  it('starts a check at Onfido on submission: Submitted, and the creator moves to KYC_CHECK', async () => {
    const creator = await creatorWithCheck();
    expect(onfido.checks.get(creator.checkId)?.report_names).toEqual(['document', 'facial_similarity_photo']);
    const info = await creatorInfoOf(creator);
    expect(info.status).toBe('KYC_CHECK');
    expect(info.kyc).toMatchObject({ status: 'Submitted', provider: 'onfido' });
    expect((await creator.as.get(SUBMIT)).statusCode).toBe(422);
  });

  it('will not submit before the creator has opened the SDK', async () => {
    const creator = await creatorAt(context, 'KYC_CAPTURE');
    const checksBefore = onfido.checks.size;
    const response = await creator.as.get(SUBMIT);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('INVALID_FIELDS');
    expect(onfido.checks.size).toBe(checksBefore);
  });

  it('answers 422 when Onfido refuses the check because the creator has not uploaded yet', async () => {
    const creator = await creatorAt(context, 'KYC_CAPTURE');
    await sdkConfigOf(creator);
    const before = await context.rowCounts();
    onfido.respondWith(() =>
      onfidoError(422, 'validation_error', 'There was a validation error on this request', {
        document: ['applicant has no documents'],
      }),
    );
    try {
      const response = await creator.as.get(SUBMIT);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_FIELDS',
        details: [
          { field: 'document', message: CREATOR_MESSAGES.kycNotReady },
          { field: 'selfie', message: CREATOR_MESSAGES.kycNotReady },
        ],
      });
    } finally {
      onfido.answerAsOnfido();
    }
    expect(await context.rowCounts()).toEqual(before);
    expect((await creatorInfoOf(creator)).status).toBe('KYC_CAPTURE');
  });

  it('reads a completed check from Onfido: clear is Success, and the creator moves to ARTIST_SELECTION', async () => {
    const creator = await creatorWithCheck();
    onfido.setCheckOutcome(creator.checkId, 'complete', 'clear');
    const response = await checkCompleted(creator.checkId);
    expect(response.statusCode, response.body).toBe(204);
    const info = await creatorInfoOf(creator);
    expect(info.status).toBe('ARTIST_SELECTION');
    expect(info.kyc.status).toBe('Success');
    expect((await context.emails.to(creator.account.email))[0]?.subject).toBe('Your identity is verified');
  });

  it('sends a check Onfido considers to Support, who decide it', async () => {
    const creator = await creatorWithCheck();
    onfido.setCheckOutcome(creator.checkId, 'complete', 'consider');
    expect((await checkCompleted(creator.checkId)).statusCode).toBe(204);
    expect(await creatorInfoOf(creator)).toMatchObject({
      status: 'KYC_CHECK',
      kyc: { status: 'ManualReview' },
    });

    const [application] = await applicationsOf(context, creator.account);
    const queue = (await support.as.get(`${QUEUE}?pageSize=100`)).json<KycReviewListResponse>();
    expect(queue.items.find((item) => item.id === application?.id)).toMatchObject({
      provider: 'onfido',
      status: 'ManualReview',
    });
    const detail = (await support.as.get(`${QUEUE}/${application?.id}`)).json<KycReviewDetail>();
    expect(detail.files).toEqual({ document: null, selfie: null });
    const decision = await support.as.post(`${QUEUE}/${application?.id}/decision`, { decision: 'approve' });
    expect(decision.statusCode, decision.body).toBe(200);
    expect((await creatorInfoOf(creator)).status).toBe('ARTIST_SELECTION');
  });

  it('sends a creator whose check Onfido withdrew back to KYC_CAPTURE, with the same applicant', async () => {
    const creator = await creatorWithCheck();
    onfido.setCheckOutcome(creator.checkId, 'withdrawn', null);
    const applicantsBefore = requestsTo('POST', '/applicants').length;
    expect((await checkCompleted(creator.checkId)).statusCode).toBe(204);
    expect(await creatorInfoOf(creator)).toMatchObject({
      status: 'KYC_CAPTURE',
      kyc: { status: 'Abandoned' },
    });
    const again = await sdkConfigOf(creator);
    expect(again.status).toBe('Created');
    expect(again.sdkToken).toBeTruthy();
    expect(requestsTo('POST', '/applicants')).toHaveLength(applicantsBefore);
    expect((await creator.as.get(SUBMIT)).statusCode).toBe(200);
  });

  it('answers a wrong or missing signature 401 and changes nothing', async () => {
    const creator = await creatorWithCheck();
    onfido.setCheckOutcome(creator.checkId, 'complete', 'clear');
    const body = onfidoCheckWebhookBody({ id: creator.checkId, status: 'complete' });
    const before = await context.rowCounts();
    const checkReads = requestsTo('GET', `/checks/${creator.checkId}`).length;
    for (const signature of [
      undefined,
      '',
      signOnfidoWebhook(body, 'another-webhook-token'),
      signOnfidoWebhook(`${body} `, WEBHOOK_TOKEN),
      'not hex at all',
    ]) {
      const response = await postWebhook(body, signature);
      expect(response.statusCode, String(signature)).toBe(401);
      expect(errorOf(response)).toMatchObject({
        code: 'SIGNATURE_INVALID',
        message: 'The webhook signature is not valid.',
      });
    }
    expect(await context.rowCounts()).toEqual(before);
    expect(requestsTo('GET', `/checks/${creator.checkId}`)).toHaveLength(checkReads);
    expect(await creatorInfoOf(creator)).toMatchObject({ status: 'KYC_CHECK', kyc: { status: 'Submitted' } });
  });

  it('takes a replayed webhook in its stride: nothing changes', async () => {
    const creator = await creatorWithCheck();
    onfido.setCheckOutcome(creator.checkId, 'complete', 'consider');
    expect((await checkCompleted(creator.checkId)).statusCode).toBe(204);
    const [considered] = await applicationsOf(context, creator.account);
    expect((await checkCompleted(creator.checkId)).statusCode).toBe(204);
    expect(await applicationsOf(context, creator.account)).toEqual([considered]);

    await support.as.post(`${QUEUE}/${considered?.id}/decision`, { decision: 'reject', reason: 'Mismatch.' });
    const [decided] = await applicationsOf(context, creator.account);
    onfido.setCheckOutcome(creator.checkId, 'complete', 'clear');
    expect((await checkCompleted(creator.checkId)).statusCode).toBe(204);
    expect(await applicationsOf(context, creator.account)).toEqual([decided]);
    expect(await creatorInfoOf(creator)).toMatchObject({ status: 'KYC_CHECK', kyc: { status: 'Failure' } });
  });

  it('ignores a signed event about a check it does not know, or about something other than a check', async () => {
    const before = await context.rowCounts();
    expect((await checkCompleted('00000000-0000-4000-8000-0000000000ff')).statusCode).toBe(204);
    const body = JSON.stringify({
      payload: { resource_type: 'report', action: 'report.completed', object: { id: 'r-1' } },
    });
    expect((await postWebhook(body, signOnfidoWebhook(body, WEBHOOK_TOKEN))).statusCode).toBe(204);
    expect(await context.rowCounts()).toEqual(before);
  });

  describe('while Onfido is down', () => {
    it('answers the SDK config 503 with Retry-After, and writes nothing', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const before = await context.rowCounts();
      const response = await whileOnfidoAnswers({ status: 502 }, () => creator.as.get(SDK_CONFIG));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(errorOf(response)).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: KYC_MESSAGES.providerUnavailable,
      });
      expect(await context.rowCounts()).toEqual(before);
      expect((await sdkConfigOf(creator)).sdkToken).toBeTruthy();
    });

    it('answers the submission 503, writes nothing, and lets the creator submit later', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      await sdkConfigOf(creator);
      const before = await context.rowCounts();
      const [applicationBefore] = await applicationsOf(context, creator.account);
      const response = await whileOnfidoAnswers({ status: 500 }, () => creator.as.get(SUBMIT));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(await context.rowCounts()).toEqual(before);
      expect(await applicationsOf(context, creator.account)).toEqual([applicationBefore]);
      expect((await creatorInfoOf(creator)).status).toBe('KYC_CAPTURE');
      expect((await creator.as.get(SUBMIT)).statusCode).toBe(200);
    });

    it('passes on the wait Onfido asks for when it limits the rate', async () => {
      const creator = await creatorAt(context, 'KYC_CAPTURE');
      const response = await whileOnfidoAnswers({ status: 429, headers: { 'retry-after': '120' } }, () =>
        creator.as.get(SDK_CONFIG),
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('120');
    });

    it('answers a webhook 503, so that Onfido sends it again, and changes nothing until then', async () => {
      const creator = await creatorWithCheck();
      onfido.setCheckOutcome(creator.checkId, 'complete', 'clear');
      const before = await context.rowCounts();
      const [applicationBefore] = await applicationsOf(context, creator.account);
      const response = await whileOnfidoAnswers({ status: 503 }, () => checkCompleted(creator.checkId));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(await context.rowCounts()).toEqual(before);
      expect(await applicationsOf(context, creator.account)).toEqual([applicationBefore]);
      expect((await checkCompleted(creator.checkId)).statusCode).toBe(204);
      expect((await creatorInfoOf(creator)).status).toBe('ARTIST_SELECTION');
    });
  });
});
