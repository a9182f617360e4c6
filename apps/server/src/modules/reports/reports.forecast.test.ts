import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignForecast } from '@platform/shared';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import { createCampaign, createCreator, createWorld, signedIn, type World } from '../../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../../test/harness';

let context: TestApp;
let world: World;
beforeAll(async () => {
  context = await createTestApp({ authRateLimits: NO_AUTH_RATE_LIMITS });
  world = await createWorld(context);
});
afterAll(async () => {
  await context?.close();
});

const STAFF = '/server-api/marketing';
const DAY = 24 * 3600 * 1000;
const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);
const midnightOf = (instant: Date) => Date.parse(instant.toISOString().slice(0, 10));

async function forecastOf(campaignId: string) {
  const manager = await signedIn(context, world.account('CampaignManager'));
  const answer = await manager.as.get(`${STAFF}/campaigns/${campaignId}/forecast`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<CampaignForecast>();
}

const campaignFrom = (startsAt: number, endsAt: number) =>
  createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'LIVE',
    budget: 50_000,
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5000, slots: 10 },
  });

describe('GET …/campaigns/{id}/forecast', () => {
  it('says why there is no projection before the start, on the first day and after the end', async () => {
    const today = midnightOf(context.clock.now());
    const early = await forecastOf((await campaignFrom(today + 2 * DAY, today + 9 * DAY)).id);
    expect(early).toMatchObject({ state: 'NOT_STARTED', views: null, spendMinor: null, series: [] });

    const fresh = await forecastOf((await campaignFrom(today, today + 9 * DAY)).id);
    expect(fresh).toMatchObject({ state: 'TOO_EARLY', trendDays: 0, views: null, budgetRunsOutAt: null });

    const over = await forecastOf((await campaignFrom(today - 6 * DAY, today - DAY)).id);
    expect(over.state).toBe('ENDED');
    expect(over.series.map((day) => day.date)).toEqual(
      [6, 5, 4, 3, 2].map((daysAgo) => dayOf(today - daysAgo * DAY)),
    );
    expect(over.views).toBeNull();
  });

  it('carries views and spend from where they stand at the rate of the whole days so far', async () => {
    const firstDay = midnightOf(context.clock.now());
    const campaign = await campaignFrom(firstDay, firstDay + 15 * DAY);
    const entries = [];
    for (let index = 0; index < 5; index += 1) {
      const creator = await createCreator(context);
      entries.push(
        await postEntry(context, { campaignId: campaign.id, creatorId: creator.id, status: 'SUBMITTED' }),
      );
    }
    const [watched] = entries;

    // Each day one more entry is approved (5,000 of the budget) and the watched post gains 1,000 views.
    for (const [day, entry] of entries.entries()) {
      const manager = await signedIn(context, world.account('CampaignManager'));
      const approved = await manager.as.post(`${STAFF}/campaigns/${campaign.id}/entries/${entry.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      await recordReading(context, watched!.id, { views: 1000 * (day + 1) });
      context.clock.advance(DAY);
    }
    await recordReading(context, watched!.id, { views: 5600 });

    const forecast = await forecastOf(campaign.id);
    const now = context.clock.now().getTime();
    const daysLeft = (firstDay + 15 * DAY - now) / DAY;
    expect(forecast).toMatchObject({
      state: 'PROJECTED',
      trendFrom: dayOf(firstDay),
      trendTo: dayOf(firstDay + 4 * DAY),
      trendDays: 5,
      budgetMinor: 50_000,
      spentMinor: 25_000,
      leftMinor: 25_000,
    });
    const projectedViews = Math.round(5600 + 1000 * daysLeft);
    expect(forecast.views?.current).toBe(5600);
    expect(forecast.views?.perDay).toBeCloseTo(1000, 6);
    // A perfectly steady series has no spread, so its range is the projection itself.
    expect([forecast.views?.projected, forecast.views?.low, forecast.views?.high]).toEqual([
      projectedViews,
      projectedViews,
      projectedViews,
    ]);
    // 5,000 a day would spend 25,000 more in five days: spend stops at the budget, which runs out then.
    expect(forecast.spendMinor).toMatchObject({ current: 25_000, projected: 50_000, high: 50_000 });
    expect(forecast.spendMinor?.perDay).toBeCloseTo(5000, 6);
    expect(Date.parse(forecast.budgetRunsOutAt ?? '') - (now + 5 * DAY)).toBeLessThan(1000);
    expect(Date.parse(forecast.budgetRunsOutAt ?? '') - (now + 5 * DAY)).toBeGreaterThan(-1000);

    const actual = forecast.series.filter((day) => day.views !== null);
    expect(actual.map(({ date, views, spentMinor }) => ({ date, views, spentMinor }))).toEqual(
      [0, 1, 2, 3, 4].map((day) => ({
        date: dayOf(firstDay + day * DAY),
        views: 1000 * (day + 1),
        spentMinor: 5000 * (day + 1),
      })),
    );
    const ahead = forecast.series.filter((day) => day.projectedViews !== null);
    expect(ahead.map((day) => day.date)).toEqual(
      Array.from({ length: 10 }, (_, index) => dayOf(firstDay + (5 + index) * DAY)),
    );
    expect(ahead.at(-1)?.projectedViews).toBe(projectedViews);
  });

  it('widens the range when the days are uneven', async () => {
    const firstDay = midnightOf(context.clock.now());
    const campaign = await campaignFrom(firstDay, firstDay + 20 * DAY);
    const entry = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: (await createCreator(context)).id,
    });
    // Cumulative 0, 10, 30, 30, 50 (×100): 1,200 a day, two standard errors of 200·√(8/3) either side.
    for (const views of [0, 1000, 3000, 3000, 5000]) {
      await recordReading(context, entry.id, { views });
      context.clock.advance(DAY);
    }
    await recordReading(context, entry.id, { views: 5000 });
    const forecast = await forecastOf(campaign.id);
    const daysLeft = (firstDay + 20 * DAY - context.clock.now().getTime()) / DAY;
    const margin = 2 * 100 * Math.sqrt(8 / 3);
    expect(forecast.views).toMatchObject({
      current: 5000,
      projected: Math.round(5000 + 1200 * daysLeft),
      low: Math.round(5000 + (1200 - margin) * daysLeft),
      high: Math.round(5000 + (1200 + margin) * daysLeft),
    });
    expect(forecast.spendMinor).toMatchObject({ perDay: 0, projected: 0 });
    expect(forecast.budgetRunsOutAt).toBeNull();
  });
});
