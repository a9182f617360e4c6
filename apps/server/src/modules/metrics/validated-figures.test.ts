import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CampaignBody, type Leaderboard } from '@platform/shared';
import { campaigns, entryMetricSchedule } from '../../db/schema/index';
import { createCampaign, createCreator, createWorld, signedIn, type World } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import type { EntryAssessment } from './metrics.service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let context: TestApp;
let world: World;
const heard: EntryAssessment[] = [];

beforeAll(async () => {
  context = await createTestApp({ environment: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  world = await createWorld(context);
  context.services.metrics.onAssessed(async (_tx, assessment) => {
    heard.push(assessment);
  });
});
afterAll(async () => {
  await context?.close();
});

const at = (offsetMs: number) => new Date(context.clock.now().getTime() + offsetMs);

/** A LIVE TikTok campaign of the home team that began two days ago and ends in `endsInDays`. */
async function campaignEnding(endsInDays: number, fields: Partial<CampaignBody> = {}) {
  return createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    platform: 'TikTok',
    startsAt: at(-2 * DAY).toISOString(),
    endsAt: at(endsInDays * DAY).toISOString(),
    ...fields,
  });
}

async function approvedEntry(campaignId: string, submittedAt = context.clock.now()) {
  const creator = await createCreator(context);
  return postEntry(context, { campaignId, creatorId: creator.id, submittedAt });
}

/** The board as a viewer signed in now reads it: days pass in these tests, and sessions end. */
async function board(campaignId: string): Promise<Leaderboard> {
  const viewer = await signedIn(context, world.account('CampaignViewer'));
  const answer = await viewer.as.get(`/server-api/marketing/campaigns/${campaignId}/leaderboard`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Leaderboard>();
}

describe('the lock on an entry’s figure', () => {
  it('counts views read until lockDays after submission, provisional until then and validated after', async () => {
    const campaign = await campaignEnding(30);
    const submitted = context.clock.now();
    const entry = await approvedEntry(campaign.id, submitted);
    await recordReading(context, entry.id, { views: 1_000, readAt: at(HOUR) });
    context.clock.advance(2 * HOUR);

    const early = await board(campaign.id);
    expect(early.places[0]).toMatchObject({
      entryId: entry.id,
      views: 1_000,
      figureState: 'PROVISIONAL',
      validatedAt: new Date(submitted.getTime() + 7 * DAY).toISOString(),
    });
    expect(early.final).toBe(false);

    context.clock.advance(8 * DAY);
    await recordReading(context, entry.id, { views: 9_000, readAt: at(-HOUR) });
    const later = await board(campaign.id);
    expect(later.places[0], 'a reading after the lock does not count').toMatchObject({
      views: 1_000,
      figureState: 'VALIDATED',
    });
    expect(later.frozen).toBe(false);
    expect(later.final).toBe(false);
  });

  it('validates at most 72 hours after the end, and the board is final once every place is', async () => {
    const endsAt = at(DAY);
    const campaign = await campaignEnding(1, {
      endsAt: endsAt.toISOString(),
      validation: {
        lockDays: 14,
        holdScore: 50,
        reviewDeadlineDays: 7,
        changeRequests: true,
        retentionDays: 30,
      },
    });
    const entry = await approvedEntry(campaign.id);
    await recordReading(context, entry.id, { views: 500, readAt: at(HOUR) });
    await recordReading(context, entry.id, { views: 800, readAt: at(DAY + HOUR) });
    context.clock.advance(DAY + 2 * HOUR);

    const frozen = await board(campaign.id);
    expect(frozen).toMatchObject({ frozen: true, final: false });
    expect(frozen.places[0], 'views read after the end do not count').toMatchObject({
      views: 500,
      figureState: 'PROVISIONAL',
      validatedAt: new Date(endsAt.getTime() + 72 * HOUR).toISOString(),
    });

    context.clock.advance(72 * HOUR);
    const final = await board(campaign.id);
    expect(final).toMatchObject({ frozen: true, final: true });
    expect(final.places[0]?.figureState).toBe('VALIDATED');

    const closed = await context.services.metrics.closedBoard(
      campaign.id,
      { closesAt: endsAt, lockDays: 14 },
      3,
    );
    expect(closed).toMatchObject({ final: true, entries: 1, entryIds: [entry.id] });
  });
});

describe('views excluded', () => {
  it('takes the views gained in a window off the board and the entry’s figure, from then on', async () => {
    const campaign = await campaignEnding(20);
    const entry = await approvedEntry(campaign.id);
    const rival = await approvedEntry(campaign.id);
    await recordReading(context, entry.id, { views: 100, readAt: at(HOUR) });
    await recordReading(context, entry.id, { views: 200, readAt: at(2 * HOUR) });
    await recordReading(context, entry.id, { views: 30_200, readAt: at(4 * HOUR) });
    await recordReading(context, entry.id, { views: 30_300, readAt: at(5 * HOUR) });
    await recordReading(context, rival.id, { views: 5_000, readAt: at(5 * HOUR) });
    context.clock.advance(6 * HOUR);
    expect((await board(campaign.id)).places.map((place) => place.entryId)).toEqual([entry.id, rival.id]);

    const excluded = await context.db.transaction((tx) =>
      context.services.metrics.excludeViews(tx, {
        entryId: entry.id,
        from: at(-4 * HOUR),
        to: at(-2 * HOUR),
        reason: 'Bought views',
        holdId: randomUUID(),
        by: world.account('CampaignManager').id,
      }),
    );
    expect(excluded).toEqual({ views: 30_000 });

    const after = await board(campaign.id);
    expect(after.places.map((place) => [place.entryId, place.views])).toEqual([
      [rival.id, 5_000],
      [entry.id, 300],
    ]);
    const figures = await context.services.metrics.figuresOf([entry.id]);
    expect(figures.get(entry.id)).toMatchObject({ views: 300, excludedViews: 30_000, state: 'PROVISIONAL' });
  });
});

describe('the risk assessment', () => {
  it('scores an entry whose views spiked with little engagement, once per change of its figures', async () => {
    const campaign = await campaignEnding(20);
    const entry = await approvedEntry(campaign.id);
    await recordReading(context, entry.id, { views: 3_000, likes: 150, comments: 10, readAt: at(HOUR) });
    await recordReading(context, entry.id, {
      views: 3_100,
      likes: 155,
      comments: 10,
      readAt: at(3 * DAY + 10 * HOUR),
    });
    await recordReading(context, entry.id, {
      views: 45_000,
      likes: 160,
      comments: 10,
      readAt: at(3 * DAY + 12 * HOUR),
    });
    context.clock.advance(3 * DAY + 13 * HOUR);

    heard.length = 0;
    expect((await context.services.metrics.assessDue()).assessed).toBeGreaterThanOrEqual(1);
    const mine = heard.filter((assessment) => assessment.entryId === entry.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.score).toBeGreaterThanOrEqual(50);
    expect(mine[0]?.signals.map((signal) => signal.code).sort()).toEqual(['LOW_ENGAGEMENT', 'SPIKE']);
    expect(mine[0]?.signals.find((signal) => signal.code === 'SPIKE')?.window).toMatchObject({
      views: 41_900,
    });
    const kept = await context.services.metrics.assessmentsOf([entry.id]);
    expect(kept.get(entry.id)?.score).toBe(mine[0]?.score);

    heard.length = 0;
    await context.services.metrics.assessDue();
    expect(
      heard.filter((assessment) => assessment.entryId === entry.id),
      'nothing new',
    ).toEqual([]);

    await recordReading(context, entry.id, { views: 45_500, likes: 161, comments: 10 });
    await context.services.metrics.assessDue();
    expect(heard.filter((assessment) => assessment.entryId === entry.id)).toHaveLength(1);
  });

  it('scores an ordinary entry low, and one whose post is gone high', async () => {
    const campaign = await campaignEnding(20);
    const ordinary = await approvedEntry(campaign.id);
    const gone = await approvedEntry(campaign.id);
    await recordReading(context, ordinary.id, { views: 800, likes: 60, comments: 5, readAt: at(HOUR) });
    await recordReading(context, ordinary.id, {
      views: 2_400,
      likes: 190,
      comments: 12,
      readAt: at(5 * HOUR),
    });
    await recordReading(context, gone.id, { views: 900, likes: 70, comments: 4, readAt: at(HOUR) });
    await context.db.insert(entryMetricSchedule).values({
      entryId: gone.id,
      nextAttemptAt: at(DAY),
      attempts: 1,
      lastOutcome: 'not-found',
      updatedAt: at(6 * HOUR),
    });
    context.clock.advance(6 * HOUR);

    heard.length = 0;
    await context.services.metrics.assessDue();
    const scoreOf = (entryId: string) => heard.find((assessment) => assessment.entryId === entryId);
    expect(scoreOf(ordinary.id)).toMatchObject({ score: 0, signals: [] });
    expect(scoreOf(gone.id)?.signals.map((signal) => signal.code)).toEqual(['POST_GONE']);
    expect(scoreOf(gone.id)?.score).toBeGreaterThanOrEqual(50);
  });
});

describe('paid posts watched through their retention', () => {
  it('keeps reading a post after its campaign ended until the watch ends, and says when it is gone', async () => {
    const campaign = await campaignEnding(1);
    const entry = await approvedEntry(campaign.id);
    context.clock.advance(2 * DAY);
    await context.db.update(campaigns).set({ status: 'ENDED' }).where(eq(campaigns.id, campaign.id));
    await context.db.transaction((tx) =>
      context.services.metrics.watchPaidPosts(tx, [{ entryId: entry.id, until: at(30 * DAY) }]),
    );
    await context.services.metrics.refreshDue();
    const scheduleOf = async () =>
      (await context.db.select().from(entryMetricSchedule)).find((row) => row.entryId === entry.id);
    expect((await scheduleOf())?.lastOutcome, 'asked, though its campaign ended').not.toBeNull();
    expect(await context.services.metrics.postsGoneAmong([entry.id])).toEqual(new Set());

    await context.db
      .update(entryMetricSchedule)
      .set({ lastOutcome: 'private' })
      .where(eq(entryMetricSchedule.entryId, entry.id));
    expect(await context.services.metrics.postsGoneAmong([entry.id])).toEqual(new Set([entry.id]));

    context.clock.advance(31 * DAY);
    await context.services.metrics.refreshDue();
    expect(await scheduleOf(), 'the watch over, it is read no more').toBeUndefined();
  });
});
