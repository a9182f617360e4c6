import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  METRICS_ERROR_CODES,
  METRICS_IMPORT_MAX_ROWS,
  METRICS_MESSAGES,
  METRICS_SIGNATURE_HEADER,
  type Leaderboard,
  type MetricReading,
  type MetricsImportReport,
  type MetricsWebhookResult,
} from '@platform/shared';
import { signMetricsWebhook } from '../../adapters/metrics/metrics-webhook-signature';
import { nextPacificMidnight } from '../../adapters/metrics/youtube-data-api';
import {
  auditLog,
  campaigns,
  campaignEntries,
  entryMetricReadings,
  entryMetricSchedule,
  notifications,
} from '../../db/schema/index';
import { startFakeYouTubeDataApi, type FakeYouTubeDataApi } from '../../test/fakes/youtube-data-api';
import { createCampaign, createCreator, createWorld, type World } from '../../test/factories';
import { createTestApp, errorOf, type TestApp } from '../../test/harness';
import { newYouTubeId, postEntry, recordReading, type PostEntry } from '../../test/entry-fixtures';

const YOUTUBE_KEY = 'AIzaSyD-metrics-test-key-0123456789ab';
const WEBHOOK_SECRET = 'whsec_metrics0test0secret0123456789abcdef';
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

let youtube: FakeYouTubeDataApi;
let context: TestApp;
let world: World;

beforeAll(async () => {
  youtube = await startFakeYouTubeDataApi({ apiKey: YOUTUBE_KEY });
  context = await createTestApp({
    environment: {
      YOUTUBE_API_KEY: YOUTUBE_KEY,
      YOUTUBE_API_URL: youtube.url,
      METRICS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
  await youtube?.close();
});

const metrics = () => context.services.metrics;

async function liveCampaign(platform: 'Youtube' | 'TikTok' = 'Youtube') {
  return createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    platform,
  });
}

const readingsOf = (entryIds: string[]) =>
  context.db
    .select()
    .from(entryMetricReadings)
    .where(inArray(entryMetricReadings.entryId, entryIds))
    .orderBy(asc(entryMetricReadings.readAt), asc(entryMetricReadings.recordedAt));

const scheduleOf = async (entryId: string) =>
  (await context.db.select().from(entryMetricSchedule).where(eq(entryMetricSchedule.entryId, entryId)))[0];

describe('CSV import by staff', () => {
  const marketer = () => world.as('CampaignMarketer');
  const importCsv = (campaignId: string, csv: string, preview: boolean, contentType = 'text/csv') =>
    context.app.inject({
      method: 'POST',
      url: `/server-api/marketing/campaigns/${campaignId}/metrics/import?preview=${preview}`,
      headers: { authorization: `Bearer ${world.token('CampaignMarketer')}`, 'content-type': contentType },
      payload: csv,
    });

  async function campaignWithEntries() {
    const campaign = await liveCampaign('TikTok');
    const creator = await createCreator(context);
    const entry = () => postEntry(context, { campaignId: campaign.id, creatorId: creator.id });
    const entries: [PostEntry, PostEntry, PostEntry] = [await entry(), await entry(), await entry()];
    const elsewhere = await postEntry(context, {
      campaignId: (await liveCampaign('TikTok')).id,
      creatorId: creator.id,
    });
    return {
      campaign,
      entries,
      elsewhere,
    };
  }

  it('previews every row: what it holds, or each mistake by row and column; nothing is written', async () => {
    const { campaign, entries, elsewhere } = await campaignWithEntries();
    const [first, second, third] = entries;
    const csv = [
      'Entry ID,Post Link,Views,Likes,Comments,Shares,Read At,Creator',
      `${first.id},,1200,30,4,,2026-11-21T08:00:00Z,Casey`,
      `,${second.postLink.replace('https://www.', 'https://')},"12,345",,,,,Sam`,
      `${randomUUID()},,10,,,,,Nobody`,
      `not-an-id,,abc,,,,,Typo`,
      `${elsewhere.id},,5,,,,,Other campaign`,
      `${first.id},,1300,,,,2026-11-21T08:00:00Z,Twice`,
      `,https://example.com/post,5,,,,,Not a post`,
      `${third.id},,,,,,,No views`,
      `${third.id},,7,,,,2099-01-01T00:00:00Z,Future`,
      `${first.id},${second.postLink},8,,,,2026-11-21T07:00:00Z,Two entries`,
    ].join('\n');
    const before = await context.rowCounts();
    const response = await importCsv(campaign.id, csv, true);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<MetricsImportReport>();
    expect(report).toMatchObject({
      preview: true,
      imported: false,
      rowCount: 10,
      errorCount: 8,
      recorded: 0,
      ignoredColumns: ['Creator'],
    });
    const rowErrors = Object.fromEntries(report.rows.map((row) => [row.row, row.errors]));
    expect(report.rows[0]).toEqual({
      row: 2,
      entryId: first.id,
      postLink: first.postLink,
      views: 1200,
      likes: 30,
      comments: 4,
      shares: null,
      readAt: '2026-11-21T08:00:00.000Z',
      errors: [],
    });
    // A post named by another form of its link, and a count with thousands separators.
    expect(report.rows[1]).toMatchObject({
      row: 3,
      entryId: second.id,
      views: 12345,
      readAt: null,
      errors: [],
    });
    expect(rowErrors[4]).toEqual([{ column: 'entry_id', message: METRICS_MESSAGES.entryUnknown }]);
    expect(rowErrors[5]).toEqual([
      { column: 'entry_id', message: METRICS_MESSAGES.entryUnknown },
      { column: 'views', message: METRICS_MESSAGES.count },
    ]);
    expect(rowErrors[6]).toEqual([{ column: 'entry_id', message: METRICS_MESSAGES.entryUnknown }]);
    expect(rowErrors[7]).toEqual([{ column: 'entry_id', message: METRICS_MESSAGES.entryTwice(2) }]);
    expect(rowErrors[8]).toEqual([{ column: 'post_link', message: METRICS_MESSAGES.postNotRecognised }]);
    expect(rowErrors[9]).toEqual([{ column: 'views', message: METRICS_MESSAGES.viewsRequired }]);
    expect(rowErrors[10]).toEqual([{ column: 'read_at', message: METRICS_MESSAGES.readAtFuture }]);
    expect(rowErrors[11]).toEqual([{ column: 'post_link', message: METRICS_MESSAGES.entryMismatch }]);
    expect(await context.rowCounts()).toEqual(before);

    // The same file imported for real writes nothing, and says why row by row.
    const refused = await importCsv(campaign.id, csv, false);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.validationFailed,
      message: METRICS_MESSAGES.importFailed(8),
    });
    expect(errorOf(refused).details).toContainEqual({
      field: 'views (row 9)',
      message: `Row 9, views: ${METRICS_MESSAGES.viewsRequired}`,
    });
    expect(await context.rowCounts()).toEqual(before);
  });

  it('imports every row in one go, audited; the same file again records nothing new', async () => {
    const { campaign, entries } = await campaignWithEntries();
    const [first, second, third] = entries;
    const csv = [
      'post_link,views,likes,comments,shares,read_at',
      `${first.postLink},1200,30,4,2,2026-11-21T08:00:00Z`,
      `${second.postLink},900,,,,2026-11-21T08:30:00+01:00`,
      `${third.postLink},15,1,0,0,2026-11-20T18:00:00Z`,
      `${first.postLink},800,20,3,1,2026-11-20T08:00:00Z`,
    ].join('\r\n');
    const response = await importCsv(campaign.id, `\ufeff${csv}\r\n`, false);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MetricsImportReport>()).toMatchObject({
      preview: false,
      imported: true,
      rowCount: 4,
      errorCount: 0,
      recorded: 4,
      alreadyRecorded: 0,
    });
    const stored = await readingsOf([first.id, second.id, third.id]);
    expect(stored).toHaveLength(4);
    expect(stored.every((reading) => reading.source === 'csv-import')).toBe(true);
    expect(stored.every((reading) => reading.recordedBy === world.account('CampaignMarketer').id)).toBe(true);
    expect(stored.find((reading) => reading.entryId === second.id)).toMatchObject({
      views: 900,
      likes: null,
      readAt: new Date('2026-11-21T07:30:00.000Z'),
    });
    const [audited] = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'metrics.import'), eq(auditLog.targetId, campaign.id)));
    expect(audited?.after).toEqual({ rows: 4, recorded: 4, alreadyRecorded: 0 });

    const again = await importCsv(campaign.id, csv, false);
    expect(again.json<MetricsImportReport>()).toMatchObject({
      imported: true,
      recorded: 0,
      alreadyRecorded: 4,
    });
    expect(await readingsOf([first.id, second.id, third.id])).toHaveLength(4);
  });

  it('takes a row without read_at as read at the import', async () => {
    const { campaign, entries } = await campaignWithEntries();
    const before = context.clock.now();
    const response = await importCsv(campaign.id, `entry_id,views\n${entries[0].id},77\n`, false);
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await readingsOf([entries[0].id]);
    expect(stored?.views).toBe(77);
    expect(stored?.readAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses a file it cannot read whole, saying why', async () => {
    const { campaign, entries } = await campaignWithEntries();
    const before = await context.rowCounts();
    const cases: [string, string][] = [
      ['', METRICS_MESSAGES.fileEmpty],
      ['entry_id,likes\n', METRICS_MESSAGES.viewsColumnMissing],
      ['views,likes\n1,2\n', METRICS_MESSAGES.entryColumnMissing],
      ['entry_id,views,Views\n', METRICS_MESSAGES.columnTwice('views')],
      [`entry_id,views\n${'x,1\n'.repeat(METRICS_IMPORT_MAX_ROWS + 1)}`, METRICS_MESSAGES.tooManyRows],
    ];
    for (const [csv, message] of cases) {
      const response = await importCsv(campaign.id, csv, true);
      expect(response.statusCode, csv.slice(0, 40)).toBe(400);
      expect(errorOf(response).details).toEqual([{ field: 'body', message }]);
    }
    const unclosed = await importCsv(campaign.id, `entry_id,views\n"${entries[0].id},1\n`, true);
    expect(errorOf(unclosed).message).toMatch(
      new RegExp(`^${METRICS_MESSAGES.fileUnreadable}: Quote Not Closed`),
    );
    expect((await importCsv(campaign.id, 'a'.repeat(1024 * 1024 + 1), true)).statusCode).toBe(413);
    expect((await importCsv(campaign.id, '{"views":1}', true, 'application/json')).statusCode).toBe(415);
    const unsaid = await marketer().post(`/server-api/marketing/campaigns/${campaign.id}/metrics/import`);
    expect(errorOf(unsaid).details).toEqual([{ field: 'preview', message: METRICS_MESSAGES.preview }]);
    expect(await context.rowCounts()).toEqual(before);
  });
});

describe('the signed webhook', () => {
  const unixNow = () => Math.floor(context.clock.now().getTime() / 1000);
  const deliver = (
    body: string,
    signature: string | undefined,
    url = '/server-api/metrics/webhook',
    app = context.app,
  ) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { [METRICS_SIGNATURE_HEADER]: signature }),
      },
      payload: body,
    });
  const signed = (body: string, at = unixNow()) => signMetricsWebhook(WEBHOOK_SECRET, body, at);

  async function twoEntries() {
    const creator = await createCreator(context);
    const youtubeEntry = await postEntry(context, {
      campaignId: (await liveCampaign()).id,
      creatorId: creator.id,
      platform: 'Youtube',
    });
    const tiktokEntry = await postEntry(context, {
      campaignId: (await liveCampaign('TikTok')).id,
      creatorId: creator.id,
    });
    return { youtubeEntry, tiktokEntry };
  }

  it('records the figures of known posts, reports the others, and records a delivery sent again once', async () => {
    const { youtubeEntry, tiktokEntry } = await twoEntries();
    const readAt = new Date(context.clock.now().getTime() - 60_000).toISOString();
    const body = JSON.stringify({
      readings: [
        {
          postLink: `https://youtu.be/${youtubeEntry.postId}`,
          views: 5000,
          likes: 200,
          comments: 12,
          readAt,
        },
        { postLink: tiktokEntry.postLink, views: 800, likes: null, comments: 3, shares: 9, readAt },
        { postLink: `https://www.youtube.com/watch?v=${newYouTubeId()}`, views: 1, readAt },
        {
          postLink: tiktokEntry.postLink,
          views: 900,
          readAt: new Date(context.clock.now().getTime() + DAY_MS).toISOString(),
        },
      ],
    });
    const signature = signed(body);
    const response = await deliver(body, signature);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MetricsWebhookResult>()).toEqual({
      recorded: 2,
      alreadyRecorded: 0,
      skipped: [
        { index: 2, postLink: expect.stringContaining('youtube.com') as string, reason: 'unknown-post' },
        { index: 3, postLink: tiktokEntry.postLink, reason: 'read-in-future' },
      ],
    });
    const stored = await readingsOf([youtubeEntry.id, tiktokEntry.id]);
    expect(stored.map((reading) => [reading.entryId, reading.source, reading.views, reading.shares])).toEqual(
      expect.arrayContaining([
        [youtubeEntry.id, 'webhook', 5000, null],
        [tiktokEntry.id, 'webhook', 800, 9],
      ]),
    );
    expect(stored[0]?.readAt.toISOString()).toBe(readAt);

    // The same delivery again, within the five minutes its signature is good for.
    const replayed = await deliver(body, signature);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json<MetricsWebhookResult>()).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
    expect(await readingsOf([youtubeEntry.id, tiktokEntry.id])).toHaveLength(2);
  });

  it('refuses a delivery signed too long ago, changed after signing, or not signed, writing nothing', async () => {
    const { tiktokEntry } = await twoEntries();
    const body = JSON.stringify({
      readings: [{ postLink: tiktokEntry.postLink, views: 10, readAt: context.clock.now().toISOString() }],
    });
    const before = await context.rowCounts();

    const stale = await deliver(body, signed(body, unixNow() - 301));
    expect(stale.statusCode).toBe(401);
    expect(errorOf(stale)).toMatchObject({
      code: ERROR_CODES.signatureInvalid,
      message: METRICS_MESSAGES.signatureStale,
    });
    const tampered = await deliver(body.replace('"views":10', '"views":10000'), signed(body));
    expect(errorOf(tampered)).toMatchObject({
      code: ERROR_CODES.signatureInvalid,
      message: METRICS_MESSAGES.signatureInvalid,
    });
    const otherSecret = await deliver(body, signMetricsWebhook(`${WEBHOOK_SECRET}x`, body, unixNow()));
    expect(otherSecret.statusCode).toBe(401);
    expect((await deliver(body, undefined)).statusCode).toBe(401);
    expect((await deliver(body, 'sha256=abc')).statusCode).toBe(401);
    expect(await context.rowCounts()).toEqual(before);
  });

  it('reads the body only once its signature is good, and then holds it to the contract', async () => {
    const notJson = '{"readings": [';
    expect(errorOf(await deliver(notJson, signed(notJson))).code).toBe(ERROR_CODES.malformedRequest);
    const empty = JSON.stringify({ readings: [] });
    const refused = await deliver(empty, signed(empty));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).details).toEqual([
      { field: 'readings', message: METRICS_MESSAGES.readingsRequired },
    ]);
    const extra = JSON.stringify({ readings: [{ postLink: 'x', views: -1, readAt: 'yesterday', more: 1 }] });
    const fields = errorOf(await deliver(extra, signed(extra))).details?.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['readings.0.views', 'readings.0.readAt']));
  });

  it('takes nothing on a server without METRICS_WEBHOOK_SECRET, and says so', async () => {
    const unconfigured = await createTestApp({ database: context.database, clock: context.clock });
    try {
      const body = JSON.stringify({ readings: [] });
      const response = await deliver(body, signed(body), undefined, unconfigured.app);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({
        code: METRICS_ERROR_CODES.webhookNotConfigured,
        message: METRICS_MESSAGES.webhookNotConfigured,
      });
      expect(unconfigured.logText()).toContain('METRICS_WEBHOOK_SECRET');
    } finally {
      // Only the second app's own parts: the database is the first one's.
      await unconfigured.app.close();
      await rm(unconfigured.filesDir, { recursive: true, force: true });
    }
  });
});

describe('staff corrections', () => {
  const STAFF = '/server-api/marketing/campaigns';

  it('keeps a correction beside the reading it replaces, at its time, audited; a later reading takes over', async () => {
    const campaign = await liveCampaign('TikTok');
    const creator = await createCreator(context);
    const entry = await postEntry(context, { campaignId: campaign.id, creatorId: creator.id });
    const readAt = new Date(context.clock.now().getTime() - HOUR_MS);
    const original = await recordReading(context, entry.id, {
      views: 90_000,
      likes: 40,
      comments: 5,
      readAt,
    });

    const response = await world
      .as('CampaignMarketer')
      .post(`${STAFF}/${campaign.id}/entries/${entry.id}/metrics`, {
        views: 9_000,
        note: '  The platform counted a bot farm’s views.  ',
      });
    expect(response.statusCode, response.body).toBe(201);
    const correction = response.json<MetricReading>();
    expect(correction).toMatchObject({
      entryId: entry.id,
      views: 9_000,
      likes: 40,
      comments: 5,
      shares: null,
      source: 'staff-correction',
      readAt: readAt.toISOString(),
      recordedBy: world.account('CampaignMarketer').id,
      corrects: original,
      note: 'The platform counted a bot farm’s views.',
    });
    const stored = await readingsOf([entry.id]);
    expect(stored.map((reading) => [reading.id, reading.views])).toEqual([
      [original, 90_000],
      [correction.id, 9_000],
    ]);
    const [audited] = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'metrics.correct'), eq(auditLog.targetId, entry.id)));
    expect(audited?.before).toMatchObject({ reading: original, views: 90_000 });
    expect(audited?.after).toMatchObject({ reading: correction.id, views: 9_000 });

    const board = async () =>
      (await world.as('CampaignMarketer').get(`${STAFF}/${campaign.id}/leaderboard`)).json<Leaderboard>();
    expect((await board()).places[0]).toMatchObject({ views: 9_000, source: 'staff-correction' });
    await recordReading(context, entry.id, { views: 9_500 });
    expect((await board()).places[0]).toMatchObject({ views: 9_500, source: 'tiktok-business' });
  });

  it('corrects the reading named, and refuses one of another entry or an entry of another campaign', async () => {
    const campaign = await liveCampaign('TikTok');
    const creator = await createCreator(context);
    const entry = await postEntry(context, { campaignId: campaign.id, creatorId: creator.id });
    const other = await postEntry(context, {
      campaignId: (await liveCampaign('TikTok')).id,
      creatorId: creator.id,
    });
    const older = await recordReading(context, entry.id, {
      views: 10,
      readAt: new Date(context.clock.now().getTime() - DAY_MS),
    });
    await recordReading(context, entry.id, { views: 20 });
    const foreign = await recordReading(context, other.id, { views: 30 });
    const as = world.as('CampaignManager');

    const named = await as.post(`${STAFF}/${campaign.id}/entries/${entry.id}/metrics`, {
      views: 11,
      readingId: older,
      note: 'Yesterday’s import had a typo.',
    });
    expect(named.json<MetricReading>()).toMatchObject({ corrects: older, views: 11 });
    const refused = await as.post(`${STAFF}/${campaign.id}/entries/${entry.id}/metrics`, {
      views: 1,
      readingId: foreign,
      note: 'Wrong reading',
    });
    expect(errorOf(refused).details).toEqual([
      { field: 'readingId', message: METRICS_MESSAGES.readingUnknown },
    ]);
    const elsewhere = await as.post(`${STAFF}/${campaign.id}/entries/${other.id}/metrics`, {
      views: 1,
      note: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    const noNote = await as.post(`${STAFF}/${campaign.id}/entries/${entry.id}/metrics`, {
      views: 1,
      note: ' ',
    });
    expect(errorOf(noNote).details).toEqual([{ field: 'note', message: METRICS_MESSAGES.noteRequired }]);
    const readings = await context.db
      .select({ count: sql<number>`count(*)::int` })
      .from(entryMetricReadings)
      .where(eq(entryMetricReadings.entryId, entry.id));
    expect(readings[0]?.count).toBe(3);
  });
});

describe('the refresh job', () => {
  // Last: its tests move the clock on by a day, past the staff's sessions.
  beforeEach(async () => {
    // Each test's posts are its own: the campaigns of the tests before it are no longer live.
    await context.db.update(campaigns).set({ status: 'ENDED' }).where(eq(campaigns.status, 'LIVE'));
    youtube.reset();
  });

  it('reads the approved entries of live campaigns in calls of 50 videos, and again an hour later', async () => {
    const campaign = await liveCampaign();
    const creator = await createCreator(context);
    const approved: PostEntry[] = [];
    for (let index = 0; index < 120; index += 1) {
      const entry = await postEntry(context, {
        campaignId: campaign.id,
        creatorId: creator.id,
        platform: 'Youtube',
      });
      youtube.addVideo({
        id: entry.postId,
        viewCount: 1000 + index,
        likeCount: 10 + index,
        ...(index % 2 === 0 ? { commentCount: index } : {}),
      });
      approved.push(entry);
    }
    // Neither an entry waiting for review nor one of a campaign that is not live is read.
    const waiting = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: creator.id,
      platform: 'Youtube',
      status: 'SUBMITTED',
    });
    const drafted = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'PUBLISHED',
      platform: 'Youtube',
    });
    const early = await postEntry(context, {
      campaignId: drafted.id,
      creatorId: creator.id,
      platform: 'Youtube',
    });

    const before = context.clock.now();
    expect(await metrics().refreshDue()).toEqual({ asked: 120, recorded: 120, withoutFigures: 0 });

    const calls = youtube.listCalls();
    expect(calls.map((query) => (query.get('id') ?? '').split(',').length)).toEqual([50, 50, 20]);
    const asked = calls.flatMap((query) => (query.get('id') ?? '').split(','));
    expect(new Set(asked)).toEqual(new Set(approved.map((entry) => entry.postId)));
    expect(asked).not.toContain(waiting.postId);
    expect(asked).not.toContain(early.postId);

    const readings = await readingsOf(approved.map((entry) => entry.id));
    expect(readings).toHaveLength(120);
    const first = readings.find((reading) => reading.entryId === approved[0]?.id);
    const second = readings.find((reading) => reading.entryId === approved[1]?.id);
    expect(first).toMatchObject({
      views: 1000,
      likes: 10,
      comments: 0,
      shares: null,
      source: 'youtube-data-api',
    });
    // Comments off: YouTube does not say, which is not 0.
    expect(second).toMatchObject({ views: 1001, likes: 11, comments: null, shares: null });
    expect(first?.readAt.getTime()).toBeGreaterThan(before.getTime());
    expect(await readingsOf([waiting.id, early.id])).toEqual([]);

    const schedule = await scheduleOf(approved[0]?.id ?? '');
    expect(schedule).toMatchObject({ attempts: 0, lastOutcome: 'metrics' });
    const nextIn = (schedule?.nextAttemptAt.getTime() ?? 0) - (first?.readAt.getTime() ?? 0);
    expect(nextIn).toBeGreaterThanOrEqual(HOUR_MS);
    expect(nextIn).toBeLessThan(HOUR_MS + 60_000);

    // Nothing is due again within the hour: no call is made.
    expect(await metrics().refreshDue()).toEqual({ asked: 0, recorded: 0, withoutFigures: 0 });
    expect(youtube.listCalls()).toHaveLength(3);

    context.clock.advance(HOUR_MS + 60_000);
    expect((await metrics().refreshDue()).recorded).toBe(120);
    expect(youtube.listCalls()).toHaveLength(6);
    expect(await readingsOf(approved.map((entry) => entry.id))).toHaveLength(240);
  });

  it('waits for midnight Pacific time once the day’s quota is spent, asking nothing until then', async () => {
    const campaign = await liveCampaign();
    const creator = await createCreator(context);
    const entries: PostEntry[] = [];
    for (let index = 0; index < 60; index += 1) {
      entries.push(
        await postEntry(context, { campaignId: campaign.id, creatorId: creator.id, platform: 'Youtube' }),
      );
    }
    const addVideos = () =>
      entries.forEach((entry, index) => youtube.addVideo({ id: entry.postId, viewCount: 500 + index }));
    addVideos();
    youtube.spendQuota();

    const now = context.clock.now();
    expect(await metrics().refreshDue()).toEqual({ asked: 60, recorded: 0, withoutFigures: 60 });
    // The first call was refused; the second batch of the read was not asked at all.
    expect(youtube.listCalls()).toHaveLength(1);
    expect(await readingsOf(entries.map((entry) => entry.id))).toEqual([]);
    const midnight = nextPacificMidnight(now).getTime();
    for (const entry of [entries[0], entries[59]]) {
      const schedule = await scheduleOf(entry?.id ?? '');
      expect(schedule).toMatchObject({ attempts: 1, lastOutcome: 'quota-exceeded' });
      expect(Math.abs((schedule?.nextAttemptAt.getTime() ?? 0) - midnight)).toBeLessThan(5_000);
    }

    context.clock.advance(2 * HOUR_MS);
    await metrics().refreshDue();
    expect(youtube.listCalls()).toHaveLength(1);

    // Google renews the quota at midnight Pacific time.
    youtube.reset();
    addVideos();
    context.clock.advance(midnight - context.clock.now().getTime() + 1_000);
    expect(await metrics().refreshDue()).toEqual({ asked: 60, recorded: 60, withoutFigures: 0 });
    expect(youtube.listCalls()).toHaveLength(2);
    expect(await scheduleOf(entries[0]?.id ?? '')).toMatchObject({ attempts: 0, lastOutcome: 'metrics' });
  });

  it('asks a day later for a video YouTube does not know, and for a platform without a key', async () => {
    const campaign = await liveCampaign();
    const tiktokCampaign = await liveCampaign('TikTok');
    const creator = await createCreator(context);
    const known = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: creator.id,
      platform: 'Youtube',
    });
    const gone = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: creator.id,
      platform: 'Youtube',
    });
    const tiktok = await postEntry(context, { campaignId: tiktokCampaign.id, creatorId: creator.id });
    youtube.addVideo({ id: known.postId, viewCount: 42 });

    expect(await metrics().refreshDue()).toEqual({ asked: 3, recorded: 1, withoutFigures: 2 });
    expect(youtube.listCalls()).toHaveLength(1);
    expect(await readingsOf([gone.id, tiktok.id])).toEqual([]);
    const now = context.clock.now().getTime();
    for (const [entry, outcome] of [
      [gone, 'not-found'],
      [tiktok, 'not-configured'],
    ] as const) {
      const schedule = await scheduleOf(entry.id);
      expect(schedule).toMatchObject({ attempts: 1, lastOutcome: outcome });
      expect((schedule?.nextAttemptAt.getTime() ?? 0) - now).toBeGreaterThan(DAY_MS - 60_000);
      expect((schedule?.nextAttemptAt.getTime() ?? 0) - now).toBeLessThanOrEqual(DAY_MS);
    }
  });

  it('tells those who may edit the campaign, once, that a post’s figures could not be read', async () => {
    const campaign = await liveCampaign();
    const tiktokCampaign = await liveCampaign('TikTok');
    const creator = await createCreator(context);
    await postEntry(context, { campaignId: campaign.id, creatorId: creator.id, platform: 'Youtube' });
    await postEntry(context, { campaignId: tiktokCampaign.id, creatorId: creator.id });
    const toldOf = (campaignId: string) =>
      context.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.campaignId, campaignId), eq(notifications.event, 'FIGURES_FAILED')));

    expect(await metrics().refreshDue()).toMatchObject({ asked: 2, withoutFigures: 2 });

    // YouTube knows no such video: the home team's manager and marketer, and the Admin, hear of it.
    const told = await toldOf(campaign.id);
    const editors = (['Admin', 'CampaignManager', 'CampaignMarketer'] as const).map(
      (role) => world.account(role).id,
    );
    expect(told.map((row) => row.accountId).sort()).toEqual(editors.sort());
    expect(told[0]).toMatchObject({
      title: 'Figures could not be read',
      link: `/console/campaigns/${campaign.id}`,
    });
    expect(told[0]?.body).toContain(`The figures of 1 entry for ${campaign.name} could not be read.`);
    expect(told[0]?.body).toContain('deleted, or made private');
    // No TikTok source is set up on this install: that is not news about the post.
    expect(await toldOf(tiktokCampaign.id)).toEqual([]);

    // It fails again a day later: they were told already.
    context.clock.advance(DAY_MS + 60_000);
    expect(await metrics().refreshDue()).toMatchObject({ withoutFigures: 2 });
    expect(await toldOf(campaign.id)).toHaveLength(editors.length);
  });

  it('reads an entry no more once it is archived, and forgets its schedule', async () => {
    const campaign = await liveCampaign();
    const creator = await createCreator(context);
    const entry = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: creator.id,
      platform: 'Youtube',
    });
    youtube.addVideo({ id: entry.postId, viewCount: 7 });
    expect((await metrics().refreshDue()).recorded).toBe(1);

    await context.db
      .update(campaignEntries)
      .set({ status: 'ARCHIVED' })
      .where(eq(campaignEntries.id, entry.id));
    context.clock.advance(HOUR_MS + 60_000);
    expect(await metrics().refreshDue()).toEqual({ asked: 0, recorded: 0, withoutFigures: 0 });
    expect(youtube.listCalls()).toHaveLength(1);
    expect(await scheduleOf(entry.id)).toBeUndefined();
  });
});
