import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '@platform/shared';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import {
  actingAs,
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  signedIn,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

// Two API processes on one database (ADR 039): with LEADERBOARD_CACHE_SECONDS left to its default (empty
// here, where the test harness would set 0), a figure recorded through one is on the other's board at its
// next request.

const DAY_MS = 24 * 3600 * 1000;
const DEFAULT_CACHE = { API_RATE_LIMIT_PER_MINUTE: '100000', LEADERBOARD_CACHE_SECONDS: '' };

let first: TestApp;
let second: TestApp;
let world: World;
let caller: SignedIn;
beforeAll(async () => {
  first = await createTestApp({ environment: DEFAULT_CACHE });
  second = await createTestApp({
    database: first.database,
    clock: first.clock,
    environment: DEFAULT_CACHE,
  });
  world = await createWorld(first);
  caller = await signedIn(first, await createCreator(first));
  await giveHandle(first, caller.account.id, 'TikTok', 'two_apps_caller');
});
afterAll(async () => {
  // The second app shares the first's database, which the first closes.
  await second?.app.close();
  if (second) await rm(second.filesDir, { recursive: true, force: true });
  await first?.close();
});

describe('a leaderboard served by two processes', () => {
  it('shows a figure recorded through one process in the other at its next request', async () => {
    const now = first.clock.now().getTime();
    const campaign = await createCampaign(first, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
      platform: 'TikTok',
      startsAt: new Date(now - DAY_MS).toISOString(),
      endsAt: new Date(now + 10 * DAY_MS).toISOString(),
    });
    const joined = await caller.as.post('/server-api/campaigns/rsvp', {
      campaignId: campaign.id,
      creatorId: caller.account.id,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const mine = await postEntry(first, { campaignId: campaign.id, creatorId: caller.account.id });
    await recordReading(first, mine.id, { views: 100 });
    const rival = await postEntry(first, {
      campaignId: campaign.id,
      creatorId: (await createCreator(first)).id,
    });
    await recordReading(first, rival.id, { views: 500 });

    const boardIn = async (app: TestApp) => {
      const response = await actingAs(app, caller.token).get(
        `/server-api/campaigns/${campaign.id}/leaderboard`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const board = response.json<Leaderboard>();
      return { views: board.places.map((place) => place.views), mine: board.mine.map((place) => place.rank) };
    };
    expect(await boardIn(first)).toEqual({ views: [500, 100], mine: [2] });
    expect(await boardIn(second)).toEqual({ views: [500, 100], mine: [2] });

    // A staff correction through the first process takes the rival below the caller.
    const corrected = await world
      .as('CampaignManager')
      .post(`/server-api/marketing/campaigns/${campaign.id}/entries/${rival.id}/metrics`, {
        views: 50,
        note: 'The platform counted a bot farm.',
      });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await boardIn(second)).toEqual({ views: [100, 50], mine: [1] });
    expect(await boardIn(first)).toEqual({ views: [100, 50], mine: [1] });
  });
});
