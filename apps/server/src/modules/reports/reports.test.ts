import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CampaignReport, MarketingPlatform, Paged, Payment } from '@platform/shared';
import { campaignRsvps } from '../../db/schema/index';
import { postEntry, recordReading } from '../../test/entry-fixtures';
import { createCampaign, createCreator, createWorld, type World } from '../../test/factories';
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

type Figures = { views: number; likes: number; comments: number; shares: number };
type StoredReading = {
  entryId: string;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  readAt: Date;
  recordedAt: Date;
  id: string;
};
type StoredEntry = {
  id: string;
  creatorId: string;
  status: string;
  platform: MarketingPlatform;
  submittedAt: Date;
  country: string | null;
};

const rowsOf = async <Row>(query: ReturnType<typeof sql>): Promise<Row[]> => {
  const result: unknown = await context.db.execute(query);
  return (result as { rows: Row[] }).rows;
};

/** The entry's latest reading read before `before`: by read time, then stored time, then id. */
function latestOf(readings: StoredReading[], entryId: string, before = Infinity): StoredReading | undefined {
  return readings
    .filter((reading) => reading.entryId === entryId && reading.readAt.getTime() < before)
    .sort(
      (a, b) =>
        b.readAt.getTime() - a.readAt.getTime() ||
        b.recordedAt.getTime() - a.recordedAt.getTime() ||
        (b.id < a.id ? -1 : 1),
    )[0];
}

const sumOf = (readings: (StoredReading | undefined)[]): Figures => {
  const total = { views: 0, likes: 0, comments: 0, shares: 0 };
  for (const reading of readings) {
    total.views += reading?.views ?? 0;
    total.likes += reading?.likes ?? 0;
    total.comments += reading?.comments ?? 0;
    total.shares += reading?.shares ?? 0;
  }
  return total;
};

describe('GET …/campaigns/{id}/report', () => {
  it('sums every figure from the stored readings and the ledger, as computed apart from the same rows', async () => {
    const manager = world.as('CampaignManager');
    const now = context.clock.now();
    const campaign = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
      budget: 100_000,
      startsAt: new Date(now.getTime() - 3 * DAY).toISOString(),
      endsAt: new Date(now.getTime() + 25 * DAY).toISOString(),
      reward: { type: 'FIRST_COME_FIRST_SERVE', amountPerEntry: 5000, slots: 3 },
    });
    const british = [await createCreator(context), await createCreator(context)];
    const australian = [
      await createCreator(context, { country: 'AU' }),
      await createCreator(context, { country: 'AU' }),
    ];
    const [gb1, gb2] = british.map((creator) => creator.id) as [string, string];
    const [au1, au2] = australian.map((creator) => creator.id) as [string, string];

    // Who joined: accepted RSVPs count, the others not.
    const rsvp = (creatorId: string, status: 'ACCEPT' | 'DECLINE' | 'INVITED') =>
      context.db.insert(campaignRsvps).values({
        id: randomUUID(),
        campaignId: campaign.id,
        creatorId,
        status,
        invitedBy: null,
        createdAt: now,
        updatedAt: now,
      });
    await rsvp(gb1, 'ACCEPT');
    await rsvp(gb2, 'ACCEPT');
    await rsvp(au1, 'ACCEPT');
    await rsvp(au2, 'DECLINE');
    await rsvp((await createCreator(context)).id, 'INVITED');

    const submitted = (creatorId: string, platform: MarketingPlatform, daysAgo: number) =>
      postEntry(context, {
        campaignId: campaign.id,
        creatorId,
        platform,
        status: 'SUBMITTED',
        submittedAt: new Date(now.getTime() - daysAgo * DAY),
      });
    const approve = async (entryId: string) => {
      const answer = await manager.post(`${STAFF}/campaigns/${campaign.id}/entries/${entryId}/approve`);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const a = await submitted(gb1, 'TikTok', 3);
    const b = await submitted(gb1, 'Youtube', 2.5);
    const c = await submitted(gb2, 'TikTok', 2);
    const d = await submitted(au1, 'Instagram', 2);
    const e = await submitted(au1, 'TikTok', 1);
    const waiting = await submitted(au2, 'TikTok', 1);
    const refused = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: au2,
      status: 'REJECTED',
      submittedAt: new Date(now.getTime() - 2 * DAY),
    });
    const archived = await postEntry(context, {
      campaignId: campaign.id,
      creatorId: gb2,
      status: 'ARCHIVED',
      submittedAt: new Date(now.getTime() - 2 * DAY),
    });
    // Three slots: a, b and c take them, d gets none; one payment rejected frees its slot, which e takes.
    for (const entry of [a, b, c, d]) await approve(entry.id);
    const queue = (await manager.get(`${STAFF}/campaigns/${campaign.id}/payments?pageSize=100`)).json<
      Paged<Payment>
    >();
    expect(queue.total).toBe(3);
    const ofB = queue.items.find((payment) => payment.entryId === b.id);
    const rejected = await manager.post(`${STAFF}/payments/${ofB?.id}/reject`, {
      reason: 'The video was taken down.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await approve(e.id);

    // Readings over several days; figures the source did not say stay null.
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
    await recordReading(context, a.id, { views: 100, likes: 10, comments: 2, shares: 1, readAt: at(2.9) });
    const aSecond = await recordReading(context, a.id, {
      views: 900,
      likes: 50,
      comments: 9,
      shares: 4,
      readAt: at(1.5),
    });
    await recordReading(context, a.id, { views: 1500, likes: 80, comments: 12, shares: 7, readAt: at(0.2) });
    await recordReading(context, b.id, {
      views: 400,
      likes: null,
      comments: 3,
      shares: null,
      readAt: at(2.2),
    });
    await recordReading(context, b.id, { views: 650, likes: 20, comments: 5, shares: 2, readAt: at(0.5) });
    await recordReading(context, c.id, { views: 300, likes: 30, comments: 1, shares: 0, readAt: at(1.8) });
    const cLatest = await recordReading(context, c.id, {
      views: 2500,
      likes: 120,
      comments: 40,
      shares: 15,
      readAt: at(0.9),
    });
    await recordReading(context, d.id, { views: null, likes: 5, comments: 1, shares: null, readAt: at(1.2) });
    // Read before the campaign's first day: it counts from that day on, until a later reading replaces it.
    await recordReading(context, e.id, { views: 50, likes: 5, comments: 1, shares: 0, readAt: at(4.5) });
    await recordReading(context, e.id, { views: 700, likes: 70, comments: 7, shares: 7, readAt: at(0.4) });
    // Not approved: their figures count nowhere.
    await recordReading(context, waiting.id, { views: 99_999, readAt: at(0.3) });
    await recordReading(context, refused.id, { views: 88_888, readAt: at(0.3) });
    await recordReading(context, archived.id, { views: 77_777, readAt: at(0.3) });
    // Corrections: one of an earlier reading (a later one still stands), one of the current one.
    for (const [entryId, readingId, views] of [
      [a.id, aSecond, 800],
      [c.id, cLatest, 2000],
    ] as const) {
      const corrected = await manager.post(`${STAFF}/campaigns/${campaign.id}/entries/${entryId}/metrics`, {
        views,
        readingId,
        note: 'The platform counted the creator’s own replays.',
      });
      expect(corrected.statusCode, corrected.body).toBe(201);
    }

    const answer = await manager.get(`${STAFF}/campaigns/${campaign.id}/report`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json<CampaignReport>();

    // The same rows, read back as they are stored, summed here apart from the report.
    const entries = (
      await rowsOf<{
        id: string;
        creator_id: string;
        status: string;
        platform: MarketingPlatform;
        submitted_at: Date | string;
        country: string | null;
      }>(sql`select e.id, e.creator_id, e.status, e.platform, e.submitted_at, c.country
             from campaign_entries e join creators c on c.account_id = e.creator_id
             where e.campaign_id = ${campaign.id}::uuid`)
    ).map<StoredEntry>((row) => ({
      id: row.id,
      creatorId: row.creator_id,
      status: row.status,
      platform: row.platform,
      submittedAt: new Date(row.submitted_at),
      country: row.country,
    }));
    const readings = (
      await rowsOf<{
        id: string;
        entry_id: string;
        views: number | string | null;
        likes: number | string | null;
        comments: number | string | null;
        shares: number | string | null;
        read_at: Date | string;
        recorded_at: Date | string;
      }>(sql`select r.* from entry_metric_readings r join campaign_entries e on e.id = r.entry_id
             where e.campaign_id = ${campaign.id}::uuid`)
    ).map<StoredReading>((row) => ({
      id: row.id,
      entryId: row.entry_id,
      views: row.views === null ? null : Number(row.views),
      likes: row.likes === null ? null : Number(row.likes),
      comments: row.comments === null ? null : Number(row.comments),
      shares: row.shares === null ? null : Number(row.shares),
      readAt: new Date(row.read_at),
      recordedAt: new Date(row.recorded_at),
    }));
    const [ledger] = await rowsOf<{ total: number | string | null; last_at: Date | string | null }>(
      sql`select sum(amount_minor) as total, max(created_at) as last_at from ledger_lines
          where account = ${`campaign:${campaign.id}:rewards`}`,
    );
    const spent = Number(ledger?.total ?? 0);
    // Three slots held at 5,000 each: a, c and e (b's payment was rejected, d came too late).
    expect(spent).toBe(15_000);

    const approved = entries.filter((entry) => entry.status === 'APPROVED');
    const latest = new Map(approved.map((entry) => [entry.id, latestOf(readings, entry.id)]));
    const totals = sumOf([...latest.values()]);
    expect(totals.views).toBe(1500 + 650 + 2000 + 700);

    const newestRead = Math.max(
      ...[...latest.values()].flatMap((reading) => (reading ? [reading.readAt.getTime()] : [])),
    );
    expect(report.asOf).toEqual({
      figures: new Date(newestRead).toISOString(),
      ledger: new Date(ledger?.last_at ?? 0).toISOString(),
    });
    const { engagementRate, costPerThousandViewsMinor, ...counted } = report.kpis;
    expect(counted).toEqual({
      creatorsJoined: 3,
      entriesSubmitted: entries.length,
      entriesApproved: approved.length,
      entriesRejected: entries.filter((entry) => entry.status === 'REJECTED').length,
      ...totals,
      budgetMinor: 100_000,
      spentMinor: spent,
      leftMinor: 100_000 - spent,
    });
    expect(engagementRate).toBeCloseTo((totals.likes + totals.comments + totals.shares) / totals.views, 12);
    expect(costPerThousandViewsMinor).toBeCloseTo((spent / totals.views) * 1000, 12);

    // Day by day from the start's UTC day to today's.
    const startDay = Date.parse(new Date(now.getTime() - 3 * DAY).toISOString().slice(0, 10));
    const today = Date.parse(context.clock.now().toISOString().slice(0, 10));
    const days = [];
    for (let day = startDay; day <= today; day += DAY) {
      days.push({
        date: new Date(day).toISOString().slice(0, 10),
        ...sumOf(approved.map((entry) => latestOf(readings, entry.id, day + DAY))),
      });
    }
    expect(days.length).toBe(4);
    expect(report.daily).toEqual(days);
    expect(report.daily.at(-1)).toEqual({ date: days.at(-1)?.date, ...totals });

    const groupBy = <Key>(keyOf: (entry: StoredEntry) => Key) => {
      const groups = new Map<Key, StoredEntry[]>();
      for (const entry of approved) groups.set(keyOf(entry), [...(groups.get(keyOf(entry)) ?? []), entry]);
      return [...groups].map(([key, members]) => ({
        key,
        members,
        ...sumOf(members.map((entry) => latest.get(entry.id))),
      }));
    };
    const platforms = groupBy((entry) => entry.platform).map(({ key, members, ...sums }) => ({
      platform: key,
      entries: members.length,
      ...sums,
    }));
    expect(report.platforms).toEqual(expect.arrayContaining(platforms));
    expect(report.platforms).toHaveLength(platforms.length);
    const countries = groupBy((entry) => entry.country).map(({ key, members, ...sums }) => ({
      country: key,
      creators: new Set(members.map((entry) => entry.creatorId)).size,
      entries: members.length,
      ...sums,
    }));
    expect(report.countries).toEqual(countries.sort((x, y) => y.views - x.views));

    const creatorsByViews = groupBy((entry) => entry.creatorId)
      .filter(({ members }) => members.some((entry) => latest.get(entry.id)?.views != null))
      .sort((x, y) => y.views - x.views);
    expect(
      report.topCreators.map(({ creator, country, entries: count, views, likes, comments, shares }) => ({
        id: creator.id,
        country,
        count,
        views,
        likes,
        comments,
        shares,
      })),
    ).toEqual(
      creatorsByViews.map(({ key, members, views, likes, comments, shares }) => ({
        id: key,
        country: members[0]?.country,
        count: members.length,
        views,
        likes,
        comments,
        shares,
      })),
    );
    expect(report.topCreators[0]?.creator.name).toBe('Casey Creator');

    const entriesByViews = approved
      .filter((entry) => latest.get(entry.id)?.views != null)
      .sort((x, y) => (latest.get(y.id)?.views ?? 0) - (latest.get(x.id)?.views ?? 0));
    expect(report.topEntries.map((entry) => [entry.entryId, entry.views, entry.readAt])).toEqual(
      entriesByViews.map((entry) => [
        entry.id,
        latest.get(entry.id)?.views,
        latest.get(entry.id)?.readAt.toISOString(),
      ]),
    );
    expect(report.topEntries.map((entry) => entry.entryId)).toEqual([c.id, a.id, e.id, b.id]);
  });

  it('is the same 404 for a campaign of another team as for none, and open to a StatsViewer', async () => {
    const theirs = await createCampaign(context, {
      teamId: world.otherTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    const outOfScope = await world.as('CampaignManager').get(`${STAFF}/campaigns/${theirs.id}/report`);
    const missing = await world.as('CampaignManager').get(`${STAFF}/campaigns/${randomUUID()}/report`);
    expect(outOfScope.statusCode).toBe(404);
    const withoutRequest = (body: { error: { requestId?: string } }) => ({ ...body.error, requestId: null });
    expect(withoutRequest(outOfScope.json())).toEqual(withoutRequest(missing.json()));

    const seen = await world.as('StatsViewer').get(`${STAFF}/campaigns/${theirs.id}/report`);
    expect(seen.statusCode, seen.body).toBe(200);
    // Not begun: nothing to sum, and no days yet.
    expect(seen.json<CampaignReport>()).toMatchObject({
      asOf: { figures: null, ledger: null },
      kpis: { views: 0, engagementRate: null, costPerThousandViewsMinor: null, spentMinor: 0 },
      daily: [],
      platforms: [],
      countries: [],
      topCreators: [],
      topEntries: [],
    });
  });
});

describe('GET …/marketing/reports', () => {
  it('lists the campaigns whose report the caller may see: a marketer their teams’, a StatsViewer every one', async () => {
    const name = `Report list ${randomUUID().slice(0, 8)}`;
    const ours = await createCampaign(context, {
      name: `${name} ours`,
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'LIVE',
    });
    const theirs = await createCampaign(context, {
      name: `${name} theirs`,
      teamId: world.otherTeam.id,
      territoryIds: [world.otherTerritory.id],
      status: 'LIVE',
    });
    const listed = async (role: 'CampaignMarketer' | 'StatsViewer') => {
      const answer = await world.as(role).get(`${STAFF}/reports?search=${encodeURIComponent(name)}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer
        .json<Paged<{ id: string }>>()
        .items.map((item) => item.id)
        .sort();
    };
    expect(await listed('CampaignMarketer')).toEqual([ours.id]);
    expect(await listed('StatsViewer')).toEqual([ours.id, theirs.id].sort());
  });
});
