import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '@platform/shared';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import {
  createCampaign,
  createCreator,
  createWorld,
  giveHandle,
  signedIn,
  type SignedIn,
  type World,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

// With LEADERBOARD_CACHE_SECONDS set, one ranking of a board answers every viewer until it is a second
// old, or until figures come in through the platform; a stale ranking answers while the next is read.

const DAY_MS = 24 * 3600 * 1000;

let context: TestApp;
let world: World;
let caller: SignedIn;
beforeAll(async () => {
  context = await createTestApp({
    environment: { API_RATE_LIMIT_PER_MINUTE: '100000', LEADERBOARD_CACHE_SECONDS: '1' },
  });
  world = await createWorld(context);
  caller = await signedIn(context, await createCreator(context));
  await giveHandle(context, caller.account.id, 'TikTok', 'cached_caller');
});
afterAll(async () => {
  await context?.close();
});

const viewsOf = async (campaignId: string) => {
  const response = await caller.as.get(`/server-api/campaigns/${campaignId}/leaderboard`);
  expect(response.statusCode, response.body).toBe(200);
  const board = response.json<Leaderboard>();
  expect(board.mine.map((place) => place.creator.handle)).toEqual(['cached_caller']);
  return { order: board.places.map((place) => place.views), mine: board.mine.map((place) => place.rank) };
};

describe('a leaderboard read by many', () => {
  it('answers from one ranking until figures come in or it is a second old, then ranks afresh', async () => {
    const now = context.clock.now().getTime();
    const campaign = await createCampaign(context, {
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
    const mine = await postEntry(context, { campaignId: campaign.id, creatorId: caller.account.id });
    await recordReading(context, mine.id, { views: 100 });
    const rival = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: (await createCreator(context)).id,
    });
    await recordReading(context, rival.id, { views: 500 });
    expect(await viewsOf(campaign.id)).toEqual({ order: [500, 100], mine: [2] });

    // Written behind the platform's back: the ranking in hand still answers.
    await recordReading(context, mine.id, { views: 900 });
    expect(await viewsOf(campaign.id)).toEqual({ order: [500, 100], mine: [2] });

    // Through the platform (a staff correction): the next viewer reads the board ranked afresh.
    const corrected = await world
      .as('CampaignManager')
      .post(`/server-api/marketing/campaigns/${campaign.id}/entries/${rival.id}/metrics`, {
        views: 50,
        note: 'The platform counted a bot farm.',
      });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(await viewsOf(campaign.id)).toEqual({ order: [900, 50], mine: [1] });

    await recordReading(context, rival.id, { views: 2000 });
    await expect
      .poll(() => viewsOf(campaign.id), { timeout: 5_000, interval: 200 })
      .toEqual({ order: [2000, 900], mine: [2] });
  });
});
