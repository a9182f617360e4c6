import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_SIZE, METRICS_MESSAGES, type CampaignBody, type Leaderboard } from '@platform/shared';
import {
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  signedIn,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, errorOf, type TestApp } from '../../test/harness';
import { postEntry, recordReading } from '../../test/entry-fixtures';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

let context: TestApp;
let world: World;
let caller: SignedIn;
let rivalId: string;

beforeAll(async () => {
  context = await createTestApp({ environment: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  world = await createWorld(context);
  caller = await signedIn(context, await createCreator(context));
  await giveHandle(context, caller.account.id, 'TikTok', 'caller_handle');
  rivalId = (await createCreator(context)).id;
  await giveHandle(context, rivalId, 'TikTok', 'rival_handle');
});
afterAll(async () => {
  await context?.close();
});

const at = (offsetMs: number) => new Date(context.clock.now().getTime() + offsetMs);

async function campaignOf(fields: Partial<CampaignBody> & { status?: 'LIVE' | 'ENDED' } = {}) {
  return createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    platform: 'TikTok',
    startsAt: at(-2 * DAY_MS).toISOString(),
    endsAt: at(10 * DAY_MS).toISOString(),
    ...fields,
  });
}

const staffBoard = (campaignId: string, query = '') =>
  world.as('CampaignViewer').get(`/server-api/marketing/campaigns/${campaignId}/leaderboard${query}`);
const creatorBoard = (campaignId: string, query = '') =>
  caller.as.get(`/server-api/campaigns/${campaignId}/leaderboard${query}`);

async function boardOf(response: Awaited<ReturnType<typeof staffBoard>>): Promise<Leaderboard> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Leaderboard>();
}

const ranks = (board: Leaderboard) => board.places.map((place) => [place.entryId, place.rank, place.views]);

describe('a campaign’s leaderboard', () => {
  it('ranks approved entries by views, ties to the earlier submission, entries without views last', async () => {
    const campaign = await campaignOf();
    const entry = async (creatorId: string, submittedAt: Date, views: number | null) => {
      const made = await postEntry(context, { campaignId: campaign.id, creatorId, submittedAt });
      if (views !== null) await recordReading(context, made.id, { views, likes: 3 });
      return made.id;
    };
    const top = await entry(rivalId, at(-30 * HOUR_MS), 9_000);
    const mineHigh = await entry(caller.account.id, at(-29 * HOUR_MS), 6_000);
    const tieLate = await entry(rivalId, at(-20 * HOUR_MS), 5_000);
    const tieEarly = await entry(rivalId, at(-21 * HOUR_MS), 5_000);
    const fillers: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      fillers.push(await entry(rivalId, at(-19 * HOUR_MS + index * MINUTE_MS), 1_099 - index));
    }
    const mineLow = await entry(caller.account.id, at(-10 * HOUR_MS), 10);
    const rivalUnread = await entry(rivalId, at(-9 * HOUR_MS), null);
    const mineUnread = await entry(caller.account.id, at(-8 * HOUR_MS), null);
    // Not on the board: an entry waiting for review, and one archived, whatever their figures.
    for (const status of ['SUBMITTED', 'ARCHIVED', 'REJECTED'] as const) {
      const off = await postEntry(context, { campaignId: campaign.id, creatorId: caller.account.id, status });
      await recordReading(context, off.id, { views: 1_000_000 });
    }

    const board = await boardOf(await creatorBoard(campaign.id));
    expect(board).toMatchObject({
      campaignId: campaign.id,
      campaignStatus: 'LIVE',
      metric: 'views',
      period: null,
      frozen: false,
      totalEntries: 107,
    });
    expect(board.places).toHaveLength(LEADERBOARD_SIZE);
    expect(ranks(board).slice(0, 5)).toEqual([
      [top, 1, 9_000],
      [mineHigh, 2, 6_000],
      [tieEarly, 3, 5_000],
      [tieLate, 4, 5_000],
      [fillers[0], 5, 1_099],
    ]);
    expect(ranks(board).at(-1)).toEqual([fillers[95], 100, 1_004]);
    // The caller's own places, wherever they stand, the unread one after every ranked entry.
    expect(board.mine.map((place) => [place.entryId, place.rank, place.views])).toEqual([
      [mineHigh, 2, 6_000],
      [mineLow, 105, 10],
      [mineUnread, null, null],
    ]);
    expect(board.places[1]).toMatchObject({
      creator: { id: caller.account.id, name: 'Casey C.', handle: 'caller_handle' },
      likes: 3,
      comments: null,
      source: 'tiktok-business',
    });
    expect(board.asOf).not.toBeNull();

    const staff = await boardOf(await staffBoard(campaign.id));
    expect(ranks(staff)).toEqual(ranks(board));
    expect(staff.mine).toEqual([]);
    expect(staff.places[0]?.creator).toEqual({ id: rivalId, name: 'Casey Creator', handle: 'rival_handle' });
    expect(staff.totalEntries).toBe(107);
    expect(rivalUnread).toBeDefined();
  });

  it('is frozen at the campaign’s end: figures read after it change nothing, late figures read before it do', async () => {
    const endsAt = at(-HOUR_MS);
    const campaign = await campaignOf({
      status: 'ENDED',
      startsAt: at(-7 * DAY_MS).toISOString(),
      endsAt: endsAt.toISOString(),
    });
    const first = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: rivalId,
      submittedAt: at(-DAY_MS),
    });
    const second = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: caller.account.id,
      submittedAt: at(-20 * HOUR_MS),
    });
    await recordReading(context, first.id, { views: 100, readAt: at(-3 * HOUR_MS) });
    await recordReading(context, second.id, { views: 50, readAt: at(-2 * HOUR_MS) });
    await recordReading(context, second.id, { views: 500 });
    const frozen = await boardOf(await staffBoard(campaign.id));
    expect(frozen).toMatchObject({ campaignStatus: 'ENDED', frozen: true, closesAt: endsAt.toISOString() });
    expect(ranks(frozen)).toEqual([
      [first.id, 1, 100],
      [second.id, 2, 50],
    ]);

    // Figures read before the end but sent after it still count: the board is as of the end.
    await recordReading(context, second.id, {
      views: 300,
      readAt: new Date(endsAt.getTime() - MINUTE_MS),
      source: 'csv-import',
    });
    expect(ranks(await boardOf(await staffBoard(campaign.id)))).toEqual([
      [second.id, 1, 300],
      [first.id, 2, 100],
    ]);
  });

  it('gives a sprint a board per period: the entries submitted in it, frozen when it closes', async () => {
    const start = at(-10 * DAY_MS);
    const campaign = await campaignOf({
      reward: { type: 'SPRINT', periodDays: 7, prizes: [20_000, 10_000] },
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 21 * DAY_MS).toISOString(),
    });
    const day = (n: number) => new Date(start.getTime() + n * DAY_MS);
    const early = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: rivalId,
      submittedAt: day(1),
    });
    await recordReading(context, early.id, { views: 100, readAt: day(6) });
    await recordReading(context, early.id, { views: 900, readAt: day(9) });
    const later = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: caller.account.id,
      submittedAt: day(8),
    });
    await recordReading(context, later.id, { views: 300, readAt: day(9) });

    const current = await boardOf(await creatorBoard(campaign.id));
    expect(current).toMatchObject({
      period: { number: 2, count: 3, startsAt: day(7).toISOString(), endsAt: day(14).toISOString() },
      closesAt: day(14).toISOString(),
      frozen: false,
      totalEntries: 1,
    });
    expect(ranks(current)).toEqual([[later.id, 1, 300]]);
    expect(current.mine.map((place) => place.rank)).toEqual([1]);

    const first = await boardOf(await staffBoard(campaign.id, '?period=1'));
    expect(first).toMatchObject({ period: { number: 1 }, closesAt: day(7).toISOString(), frozen: true });
    expect(ranks(first)).toEqual([[early.id, 1, 100]]);

    const last = await boardOf(await staffBoard(campaign.id, '?period=3'));
    expect(last).toMatchObject({ period: { number: 3 }, totalEntries: 0, asOf: null, places: [] });

    const beyond = await staffBoard(campaign.id, '?period=4');
    expect(errorOf(beyond).details).toEqual([
      { field: 'period', message: METRICS_MESSAGES.periodUnknown(3) },
    ]);
    const zero = await staffBoard(campaign.id, '?period=0');
    expect(errorOf(zero).details).toEqual([{ field: 'period', message: METRICS_MESSAGES.period }]);
    const notSprint = await staffBoard((await campaignOf()).id, '?period=1');
    expect(errorOf(notSprint).details).toEqual([{ field: 'period', message: METRICS_MESSAGES.notSprint }]);
  });

  it('answers 304 to a poll that holds the board as it is, and the new board once a figure changes', async () => {
    const campaign = await campaignOf();
    const entry = await postEntry(context, { campaignId: campaign.id, creatorId: caller.account.id });
    await recordReading(context, entry.id, { views: 10 });

    const first = await staffBoard(campaign.id);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    for (const held of [etag, etag.slice(2), `"elsewhere", ${etag}`, '*']) {
      const unchanged = await world
        .as('CampaignViewer')
        .get(`/server-api/marketing/campaigns/${campaign.id}/leaderboard`, {
          headers: { 'if-none-match': held },
        });
      expect(unchanged.statusCode, held).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
    }

    await recordReading(context, entry.id, { views: 11 });
    const changed = await world
      .as('CampaignViewer')
      .get(`/server-api/marketing/campaigns/${campaign.id}/leaderboard`, {
        headers: { 'if-none-match': etag },
      });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Leaderboard>().places[0]?.views).toBe(11);

    // A creator's board holds their own places: its validator is theirs.
    const mine = await creatorBoard(campaign.id);
    expect(mine.headers.etag).not.toBe(changed.headers.etag);
    const mineAgain = await caller.as.get(`/server-api/campaigns/${campaign.id}/leaderboard`, {
      headers: { 'if-none-match': mine.headers.etag as string },
    });
    expect(mineAgain.statusCode).toBe(304);
  });

  it('is not shown to a creator outside the campaign’s territories', async () => {
    const elsewhere = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    expect((await creatorBoard(elsewhere.id)).statusCode).toBe(404);
    expect((await staffBoard(elsewhere.id)).statusCode).toBe(200);
  });
});
