import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  LEGAL_MESSAGES,
  REQUIRED_MESSAGE,
  type CreatorInfo,
  type CurrentLegalDocumentsResponse,
  type LegalDocument,
  type LegalDocumentListResponse,
  type PresignedUrlResponse,
} from '@platform/shared';
import { accounts, auditLog, creatorTermsAcceptances } from '../../db/schema/index';
import {
  actingAs,
  createStaffMember,
  createTerritory,
  signedIn,
  signIn,
  type TestAccount,
} from '../../test/factories';
import {
  createTestApp,
  createTestClock,
  errorOf,
  NO_AUTH_RATE_LIMITS,
  SHIPPED_TERMS_ID,
  signedUrlPath,
  storedPaths,
  type TestApp,
} from '../../test/harness';
import { PLACEHOLDER_TEXTS, SHIPPED_DOCUMENT_IDS } from './legal.placeholders';

const PUBLIC_LIST = '/server-api/legal-documents';
const ADMIN_LIST = '/server-api/marketing/legal-documents';
const presignedPath = (id: string) => `/server-api/creator/terms-and-conditions/${id}`;

const tag = () => randomUUID().slice(0, 8);

/** What the signed URL of a document serves, read as a browser would (path and query on this server). */
async function readDocument(context: TestApp, id: string) {
  const response = await context.app.inject({ method: 'GET', url: presignedPath(id) });
  expect(response.statusCode, response.body).toBe(200);
  const { presignedUrl, expiresAt } = response.json<PresignedUrlResponse>();
  const served = await context.app.inject({ method: 'GET', url: signedUrlPath(presignedUrl) });
  return { served, presignedUrl, expiresAt };
}

/** An app on a database of its own, with an Admin: what a fresh install looks like. */
async function freshInstall(options: Parameters<typeof createTestApp>[0] = {}) {
  const context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS, ...options });
  const { account: admin, as } = await signedIn(
    context,
    await createStaffMember(context, { role: 'Admin', displayName: 'Ada Admin' }),
  );
  return { context, admin, as };
}

describe('legal documents', () => {
  const clock = createTestClock();
  let context: TestApp;
  let admin: TestAccount;
  let asAdmin: ReturnType<typeof actingAs>;
  beforeAll(async () => {
    ({ context, admin, as: asAdmin } = await freshInstall({ clock }));
  });
  afterAll(async () => {
    await context?.close();
  });

  async function publish(body: Record<string, unknown>): Promise<LegalDocument> {
    const response = await asAdmin.post(ADMIN_LIST, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LegalDocument>();
  }

  const publicList = async (query = '') => {
    const response = await context.app.inject({ method: 'GET', url: `${PUBLIC_LIST}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CurrentLegalDocumentsResponse>();
  };
  const byType = (list: CurrentLegalDocumentsResponse) =>
    Object.fromEntries(list.documents.map((document) => [document.type, document.id]));

  describe('on a fresh install', () => {
    it('shows everyone the placeholder terms and privacy policy, for the United Kingdom by default', async () => {
      const list = await publicList();
      expect(list).toEqual({
        country: 'GB',
        territory: null,
        documents: [
          {
            id: SHIPPED_DOCUMENT_IDS.PRIVACY,
            type: 'PRIVACY',
            version: '2026-11-01',
            publishedAt: '2026-11-01T00:00:00.000Z',
            placeholder: true,
          },
          {
            id: SHIPPED_DOCUMENT_IDS.TERMS,
            type: 'TERMS',
            version: '2026-11-01',
            publishedAt: '2026-11-01T00:00:00.000Z',
            placeholder: true,
          },
        ],
      });
    });

    it('serves the placeholder text as text, its line breaks kept', async () => {
      const { served } = await readDocument(context, SHIPPED_TERMS_ID);
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(PLACEHOLDER_TEXTS.TERMS);
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('asks the Admin to replace the placeholders', async () => {
      const response = await asAdmin.get(ADMIN_LIST);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<LegalDocumentListResponse>();
      expect(page).toMatchObject({ placeholdersInUse: true, total: 2, page: 1, pageSize: 25 });
      expect(page.items.map((item) => [item.type, item.placeholder, item.current])).toEqual([
        ['PRIVACY', true, true],
        ['TERMS', true, true],
      ]);
      expect(page.items.find((item) => item.type === 'TERMS')).toMatchObject({
        territory: null,
        publishedBy: null,
        size: Buffer.byteLength(PLACEHOLDER_TEXTS.TERMS ?? ''),
      });
    });
  });

  describe('the presigned URL', () => {
    it('serves the document for ten minutes, then answers 410', async () => {
      const { served, presignedUrl, expiresAt } = await readDocument(context, SHIPPED_DOCUMENT_IDS.PRIVACY);
      expect(served.body).toBe(PLACEHOLDER_TEXTS.PRIVACY);
      const issuedAt = clock.now().getTime();
      expect(new Date(expiresAt).getTime() - issuedAt).toBeGreaterThan(9 * 60_000);
      expect(new Date(expiresAt).getTime() - issuedAt).toBeLessThanOrEqual(10 * 60_000);
      const path = signedUrlPath(presignedUrl);
      clock.advance(9 * 60_000);
      expect((await context.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      clock.advance(60_000);
      const expired = await context.app.inject({ method: 'GET', url: path });
      expect(expired.statusCode).toBe(410);
      expect(errorOf(expired).code).toBe('HINT_EXPIRED');
    });

    it('needs no session', async () => {
      const response = await context.app.inject({ method: 'GET', url: presignedPath(SHIPPED_TERMS_ID) });
      expect(response.statusCode).toBe(200);
    });

    it.each([randomUUID(), 'not-a-uuid', '2026-11-01'])('answers 404 for %s', async (id) => {
      const response = await context.app.inject({ method: 'GET', url: presignedPath(id) });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    });
  });

  describe('publishing', () => {
    it('publishes a version (201) whose text the presigned URL serves, and records it in the audit log', async () => {
      const territory = await createTerritory(context, { name: `Publish ${tag()}`, countries: ['IE'] });
      const content = 'Terms for Ireland.\n\n1. Be kind.';
      const response = await asAdmin.post(ADMIN_LIST, {
        territoryId: territory.id,
        type: 'TERMS',
        version: ' 2027-01 ',
        content,
      });
      expect(response.statusCode, response.body).toBe(201);
      const document = response.json<LegalDocument>();
      expect(document).toMatchObject({
        territory: { id: territory.id, name: territory.name },
        type: 'TERMS',
        version: '2027-01',
        publishedBy: 'Ada Admin',
        placeholder: false,
        current: true,
        size: Buffer.byteLength(content),
      });
      const { served } = await readDocument(context, document.id);
      expect(served.body).toBe(content);
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');

      const audit = await context.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, document.id))
        .orderBy(asc(auditLog.at));
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'legal-document.publish',
          actorId: admin.id,
          actorRole: 'Admin',
          targetType: 'legal-document',
          targetLabel: 'TERMS 2027-01',
          requestId: response.headers['x-request-id'],
          after: {
            territoryId: territory.id,
            type: 'TERMS',
            version: '2027-01',
            size: Buffer.byteLength(content),
          },
        }),
      ]);
    });

    it('keeps HTML as HTML, byte for byte', async () => {
      const territory = await createTerritory(context, { name: `Html ${tag()}`, countries: ['NL'] });
      const content = '<h1>Privacy</h1>\n<p>We keep <a href="https://example.com">little</a>.<br>Café ✓</p>';
      const document = await publish({ territoryId: territory.id, type: 'PRIVACY', version: 'v1', content });
      const { served } = await readDocument(context, document.id);
      expect(served.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(served.rawPayload.equals(Buffer.from(content))).toBe(true);
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(document.size).toBe(Buffer.byteLength(content));
    });

    it('refuses a version already published for the territory and type, in any case (409), leaving no file behind', async () => {
      const territory = await createTerritory(context, { name: `Twice ${tag()}`, countries: ['BE'] });
      await publish({ territoryId: territory.id, type: 'TERMS', version: 'Spring 2027', content: 'One.' });
      const beforeRows = await context.rowCounts();
      const beforeFiles = await storedPaths(context.filesDir);
      const response = await asAdmin.post(ADMIN_LIST, {
        territoryId: territory.id,
        type: 'TERMS',
        version: 'SPRING 2027',
        content: 'Two.',
      });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'CONFLICT',
        message: LEGAL_MESSAGES.versionTaken,
        details: [{ field: 'version', message: LEGAL_MESSAGES.versionTaken }],
      });
      expect(await context.rowCounts()).toEqual(beforeRows);
      expect(await storedPaths(context.filesDir)).toEqual(beforeFiles);

      await publish({
        territoryId: territory.id,
        type: 'PRIVACY',
        version: 'Spring 2027',
        content: 'Other type.',
      });
      await publish({ territoryId: 'every', type: 'CCPA', version: 'Spring 2027', content: 'Everywhere.' });
    });

    it('lets one of two simultaneous publications of a version through', async () => {
      const territory = await createTerritory(context, { name: `Race ${tag()}`, countries: ['LU'] });
      const body = { territoryId: territory.id, type: 'TERMS', version: 'raced', content: 'Text.' };
      const beforeFiles = (await storedPaths(context.filesDir)).length;
      const responses = await Promise.all([asAdmin.post(ADMIN_LIST, body), asAdmin.post(ADMIN_LIST, body)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      // The published version's text and its description: the refused one left nothing.
      expect((await storedPaths(context.filesDir)).length).toBe(beforeFiles + 2);
    });

    it.each([
      [
        'a territory that does not exist',
        { territoryId: randomUUID() },
        'territoryId',
        LEGAL_MESSAGES.territoryUnknown,
      ],
      [
        'a territory id that is not one',
        { territoryId: 'GB' },
        'territoryId',
        LEGAL_MESSAGES.territoryUnknown,
      ],
      ['no territory', { territoryId: undefined }, 'territoryId', LEGAL_MESSAGES.territoryUnknown],
      ['empty content', { content: '' }, 'content', LEGAL_MESSAGES.contentRequired],
      ['blank content', { content: ' \n\t ' }, 'content', LEGAL_MESSAGES.contentRequired],
      ['no content', { content: undefined }, 'content', LEGAL_MESSAGES.contentRequired],
      [
        'content over 512 KB',
        { content: 'a'.repeat(512 * 1024 + 1) },
        'content',
        LEGAL_MESSAGES.contentTooLong,
      ],
      [
        'content over 512 KB once encoded',
        { content: 'é'.repeat(300 * 1024) },
        'content',
        LEGAL_MESSAGES.contentTooLong,
      ],
      ['a blank version', { version: '  ' }, 'version', REQUIRED_MESSAGE],
      [
        'a version over 40 characters',
        { version: 'v'.repeat(41) },
        'version',
        'You cannot enter more than 40 characters',
      ],
      ['a version on two lines', { version: 'v1\nv2' }, 'version', LEGAL_MESSAGES.versionOnOneLine],
      ['a type the spec does not name', { type: 'COOKIES' }, 'type', REQUIRED_MESSAGE],
    ])('refuses %s (400), writing nothing', async (_case, change, field, message) => {
      const beforeRows = await context.rowCounts();
      const beforeFiles = await storedPaths(context.filesDir);
      const response = await asAdmin.post(ADMIN_LIST, {
        territoryId: 'every',
        type: 'INFLUENCER_GUIDELINES',
        version: `v-${tag()}`,
        content: 'Guidelines.',
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(errorOf(response).details).toContainEqual({ field, message });
      expect(await context.rowCounts()).toEqual(beforeRows);
      expect(await storedPaths(context.filesDir)).toEqual(beforeFiles);
    });

    it('refuses an archived territory as unknown', async () => {
      const territory = await createTerritory(context, { name: `Gone ${tag()}`, active: false });
      const response = await asAdmin.post(ADMIN_LIST, {
        territoryId: territory.id,
        type: 'TERMS',
        version: 'v1',
        content: 'Text.',
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([
        { field: 'territoryId', message: LEGAL_MESSAGES.territoryUnknown },
      ]);
    });

    it('is an Admin’s alone', async () => {
      const support = await createStaffMember(context, { role: 'Support' });
      const as = actingAs(context, await signIn(context, support));
      const before = await context.rowCounts();
      expect((await as.get(ADMIN_LIST)).statusCode).toBe(403);
      const write = await as.post(ADMIN_LIST, {
        territoryId: 'every',
        type: 'TERMS',
        version: 'sneaky',
        content: 'Text.',
      });
      expect(write.statusCode).toBe(403);
      expect(await context.rowCounts()).toEqual(before);
    });
  });

  describe('which documents apply to a country', () => {
    it('prefers a territory’s own document, and takes the one for every territory where it has none', async () => {
      const territory = await createTerritory(context, { name: `France ${tag()}`, countries: ['FR', 'MC'] });
      const terms = await publish({
        territoryId: territory.id,
        type: 'TERMS',
        version: 'fr-1',
        content: 'Fr.',
      });
      for (const country of ['FR', 'fr', 'MC']) {
        const list = await publicList(`?country=${country}`);
        expect(list.country).toBe(country.toUpperCase());
        expect(list.territory).toEqual({ id: territory.id, name: territory.name });
        expect(byType(list)).toMatchObject({ TERMS: terms.id, PRIVACY: SHIPPED_DOCUMENT_IDS.PRIVACY });
      }
      const newer = await publish({
        territoryId: territory.id,
        type: 'TERMS',
        version: 'fr-2',
        content: 'Fr 2.',
      });
      expect(byType(await publicList('?country=FR')).TERMS).toBe(newer.id);
    });

    it('lets GLOBAL_EX_UK cover Australia but not the United Kingdom', async () => {
      const world = await createTerritory(context, { name: `Not UK ${tag()}`, countries: ['GLOBAL_EX_UK'] });
      const terms = await publish({
        territoryId: world.id,
        type: 'TERMS',
        version: 'ex-uk',
        content: 'Ex UK.',
      });
      const australia = await publicList('?country=AU');
      expect(australia.territory?.id).toBe(world.id);
      expect(byType(australia).TERMS).toBe(terms.id);
      for (const query of ['', '?country=GB', '?country=UK', '?country=gb']) {
        const uk = await publicList(query);
        expect(uk.country, query).toBe('GB');
        expect(uk.territory, query).toBeNull();
        expect(byType(uk).TERMS, query).toBe(SHIPPED_TERMS_ID);
      }
    });

    it('prefers the territory naming the country to a global one', async () => {
      const named = await createTerritory(context, { name: `Spain ${tag()}`, countries: ['ES'] });
      const list = await publicList('?country=ES');
      expect(list.territory?.id).toBe(named.id);
    });

    it.each(['GBR', 'G', '12', 'G1'])('refuses the country %s (400)', async (country) => {
      const response = await context.app.inject({ method: 'GET', url: `${PUBLIC_LIST}?country=${country}` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual([
        { field: 'country', message: 'Send a two-letter country code.' },
      ]);
    });
  });

  describe('the Admin’s list', () => {
    it('lists versions newest first, marks the current one of each, and filters by territory and type', async () => {
      const territory = await createTerritory(context, { name: `History ${tag()}`, countries: ['DK'] });
      const first = await publish({
        territoryId: territory.id,
        type: 'TERMS',
        version: 'h1',
        content: 'One.',
      });
      const second = await publish({
        territoryId: territory.id,
        type: 'TERMS',
        version: 'h2',
        content: 'Two.',
      });
      const privacy = await publish({
        territoryId: territory.id,
        type: 'PRIVACY',
        version: 'h1',
        content: 'P.',
      });

      const response = await asAdmin.get(`${ADMIN_LIST}?territoryId=${territory.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<LegalDocumentListResponse>();
      expect(page.total).toBe(3);
      expect(page.items.map((item) => [item.id, item.current])).toEqual([
        [privacy.id, true],
        [second.id, true],
        [first.id, false],
      ]);
      expect(page.items[0]).toMatchObject({ territory: { id: territory.id, name: territory.name } });

      const terms = (
        await asAdmin.get(`${ADMIN_LIST}?territoryId=${territory.id}&type=TERMS&pageSize=1&page=2`)
      ).json<LegalDocumentListResponse>();
      expect(terms).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(terms.items.map((item) => item.id)).toEqual([first.id]);

      const everywhere = (
        await asAdmin.get(`${ADMIN_LIST}?territoryId=every&type=TERMS`)
      ).json<LegalDocumentListResponse>();
      expect(everywhere.items.every((item) => item.territory === null && item.type === 'TERMS')).toBe(true);
    });

    it.each(['territoryId=GB', 'type=COOKIES', 'page=0', 'pageSize=101'])(
      'refuses the query %s (400)',
      async (query) => {
        expect((await asAdmin.get(`${ADMIN_LIST}?${query}`)).statusCode).toBe(400);
      },
    );
  });

  describe('sign-up', () => {
    it('accepts the older terms a creator was shown, records them, and asks for the newer ones later', async () => {
      const older = await publish({
        territoryId: 'every',
        type: 'TERMS',
        version: 'older',
        content: 'Older.',
      });
      const newer = await publish({
        territoryId: 'every',
        type: 'TERMS',
        version: 'newer',
        content: 'Newer.',
      });
      const email = `late-${tag()}@example.com`;
      const signUp = await context.form('/api/auth/sign-up', {
        username: email,
        password: 'Tr4vel-Nimbus-82!',
        tncVersion: older.id,
        deviceToken: '',
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const hint = await context.emails.latestHint(email, '/verify');
      await context.form('/api/auth/verify', { hint });
      const token = await signIn(context, { email, password: 'Tr4vel-Nimbus-82!' });
      const info = (await actingAs(context, token).get('/server-api/creator/get-info')).json<CreatorInfo>();
      expect(info.terms).toEqual({
        acceptedId: older.id,
        acceptedVersion: 'older',
        currentId: newer.id,
        currentVersion: 'newer',
        updateToAccept: true,
      });
    });
  });
});

describe('the terms a sign-up accepts', () => {
  let context: TestApp;
  let as: ReturnType<typeof actingAs>;
  let older: LegalDocument;
  let inForce: LegalDocument;
  beforeAll(async () => {
    ({ context, as } = await freshInstall());
    const publish = async (body: Record<string, unknown>) => {
      const response = await as.post(ADMIN_LIST, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<LegalDocument>();
    };
    older = await publish({ territoryId: 'every', type: 'TERMS', version: '2025.1', content: 'Older.' });
    inForce = await publish({ territoryId: 'every', type: 'TERMS', version: 'Spring-2026', content: 'Now.' });
    await publish({ territoryId: 'every', type: 'PRIVACY', version: 'privacy-7', content: 'Privacy.' });
  });
  afterAll(async () => {
    await context?.close();
  });

  const signUp = (username: string, tncVersion: string) =>
    context.form('/api/auth/sign-up', {
      username,
      password: 'Tr4vel-Nimbus-82!',
      tncVersion,
      deviceToken: '',
    });

  /** The terms recorded as accepted by the creator who signed up with `email`. */
  const acceptedBy = async (email: string) =>
    (
      await context.db
        .select({ documentId: creatorTermsAcceptances.documentId })
        .from(creatorTermsAcceptances)
        .innerJoin(accounts, eq(accounts.id, creatorTermsAcceptances.creatorId))
        .where(eq(accounts.email, email))
    ).map((row) => row.documentId);

  it('shows the terms in force by their id and their version, as the sign-up may send either', async () => {
    const shown = await context.app.inject({ method: 'GET', url: PUBLIC_LIST });
    const terms = shown
      .json<CurrentLegalDocumentsResponse>()
      .documents.find((document) => document.type === 'TERMS');
    expect(terms).toMatchObject({ id: inForce.id, version: 'Spring-2026' });
  });

  it('takes the terms in force by their id, and records that document', async () => {
    const email = `by-id-${tag()}@example.com`;
    const response = await signUp(email, inForce.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await acceptedBy(email)).toEqual([inForce.id]);
  });

  it('takes the version string of the terms in force, in any case, and records the document it names', async () => {
    for (const version of ['Spring-2026', 'spring-2026']) {
      const email = `by-version-${tag()}@example.com`;
      const response = await signUp(email, version);
      expect(response.statusCode, response.body).toBe(200);
      expect(await acceptedBy(email)).toEqual([inForce.id]);
    }
  });

  it('refuses an older version string, a version no terms have and the privacy policy’s, changing nothing', async () => {
    const before = await context.rowCounts();
    for (const tncVersion of [older.version, '2027.9', 'privacy-7', randomUUID()]) {
      const response = await signUp(`outdated-${tag()}@example.com`, tncVersion);
      expect(response.statusCode, tncVersion).toBe(400);
      expect(errorOf(response).details, tncVersion).toEqual([
        { field: 'tncVersion', message: AUTH_MESSAGES.termsOutdated },
      ]);
    }
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('the placeholders of a fresh install', () => {
  it('are replaced in the Admin’s eyes once terms and privacy are published for every territory', async () => {
    const { context, as } = await freshInstall();
    try {
      const placeholdersInUse = async () =>
        (await as.get(ADMIN_LIST)).json<LegalDocumentListResponse>().placeholdersInUse;
      const territory = await createTerritory(context, { countries: ['GB'] });
      await as.post(ADMIN_LIST, { territoryId: territory.id, type: 'TERMS', version: 'uk', content: 'UK.' });
      expect(await placeholdersInUse()).toBe(true);
      await as.post(ADMIN_LIST, { territoryId: 'every', type: 'TERMS', version: '1', content: 'Terms.' });
      expect(await placeholdersInUse()).toBe(true);
      await as.post(ADMIN_LIST, { territoryId: 'every', type: 'PRIVACY', version: '1', content: 'Privacy.' });
      expect(await placeholdersInUse()).toBe(false);
      const list = (await as.get(ADMIN_LIST)).json<LegalDocumentListResponse>();
      expect(list.items.filter((item) => item.placeholder).every((item) => !item.current)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('are written again on start when storage has lost them, or only their bytes', async () => {
    const first = await createTestApp();
    try {
      const legalRecords = join(first.filesDir, 'meta', 'legal');
      expect((await readdir(legalRecords)).sort()).toEqual([
        'placeholder-privacy.json',
        'placeholder-terms.json',
      ]);
      for (const lost of [first.filesDir, join(first.filesDir, 'blobs')]) {
        await rm(lost, { recursive: true, force: true });
        expect((await readShippedTermsFile(first)).statusCode, lost).toBe(404);

        const restarted = await createTestApp({
          database: first.database,
          environment: { FILES_DIR: first.filesDir },
        });
        try {
          const terms = await readDocument(restarted, SHIPPED_TERMS_ID);
          expect(terms.served.body).toBe(PLACEHOLDER_TEXTS.TERMS);
          const privacy = await readDocument(restarted, SHIPPED_DOCUMENT_IDS.PRIVACY);
          expect(privacy.served.body).toBe(PLACEHOLDER_TEXTS.PRIVACY);
        } finally {
          // Only the restarted app's own parts: the database is the first one's.
          await restarted.app.close();
          await rm(restarted.filesDir, { recursive: true, force: true });
        }
      }
    } finally {
      await first.close();
    }
  });
});

/** What the shipped terms' presigned URL answers on `context`. */
async function readShippedTermsFile(context: TestApp) {
  const response = await context.app.inject({ method: 'GET', url: presignedPath(SHIPPED_TERMS_ID) });
  const { presignedUrl } = response.json<PresignedUrlResponse>();
  return context.app.inject({ method: 'GET', url: signedUrlPath(presignedUrl) });
}
