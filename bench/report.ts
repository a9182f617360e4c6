// Campaign report scale measurements, run by hand (`node --import tsx bench/report.ts`). Live campaigns of
// increasing size (BENCH_REPORT_SIZES approved entries, from as many creators), each entry read once a day
// for the last 14 days, so that the report's day series has real days to sum. The seeding writes the rows
// as any writer would, so the database's triggers keep the report's sums as they do for the server (ADR
// 040). The first Admin, who may see every campaign, asks for each campaign's report
// (GET /server-api/marketing/campaigns/{id}/report) and forecast (…/forecast) through the whole stack, one
// request at a time on an otherwise idle server; per size it prints the median latency of each route and
// its ratio against the smallest size of the same run, which says how the report scales whatever the
// machine, and whether the report at REPORT_GOAL_ENTRIES entries meets its goal (issue 29: a median of at
// most REPORT_GOAL_MS). Once on PostgreSQL (a fresh database on BENCH_POSTGRES_URL), once on the embedded
// PGlite. Traffic goes to 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { buildServer } from '../scripts/build-server.mjs';
import { startServer, type RunningServer } from '../e2e/support/server';
import { median, seedThroughDriver, unloadedMedian, type DatabaseKind } from './support';

const SIZES = (process.env.BENCH_REPORT_SIZES ?? '1000,10000,50000')
  .split(',')
  .map(Number)
  // Smallest first: it is the one every other size is compared with, and the cheapest to find a fault in.
  .sort((a, b) => a - b);
const REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 20);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as DatabaseKind[];
/** Days each entry has a reading for, today included: the forecast fits its trend to at most 14. */
const READING_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;
const ROUTES = ['report', 'forecast'] as const;
const REPORT_GOAL_ENTRIES = 50_000;
const REPORT_GOAL_MS = 200;

type Route = (typeof ROUTES)[number];
type Campaign = { id: string; size: number; index: number };
type World = { teamId: string; territoryId: string; startsAt: string; endsAt: string; campaigns: Campaign[] };
type Report = {
  kpis: { creatorsJoined: number; entriesSubmitted: number; entriesApproved: number; views: number };
  daily: { date: string; views: number }[];
};
type Forecast = { state: string; trendDays: number; series: { views: number | null }[] };

/**
 * One campaign's rows, as the test factories write them (a row per creator instead of a call per row): a
 * live CHALLENGE on TikTok in the bench territory, `size` active creators of its own with a handle who
 * joined and have one approved entry each, and a reading of each entry every day for the last
 * READING_DAYS days, its views growing day by day so that the forecast has a trend to fit. Each entry is
 * on the refresh schedule an hour from now, as one just read is, so the server's refresh job finds nothing
 * due while the reports are measured. Ids and names carry the campaign's index, so that campaigns do not
 * share creators, handles or posts.
 */
function campaignSql(world: World, campaign: Campaign): string {
  const { id, size, index } = campaign;
  const creator = `md5('bench-report-creator-${index}-' || n)::uuid`;
  const entry = `md5('bench-report-entry-${index}-' || n)::uuid`;
  const handle = `'report_${index}_' || n`;
  const post = `(7300000000000000000 + ${index} * 100000000 + n)`;
  const series = `generate_series(1, ${size}) as n`;
  return `
    insert into campaigns (id, team_id, name, brand_or_artist, brief, platform, type, status, currency,
        budget, starts_at, ends_at, reward, requirements, created_at, updated_at)
      values ('${id}', '${world.teamId}', 'Bench Report ${size}', 'Nova Lights', 'Show us your lights.',
        'TikTok', 'CHALLENGE', 'LIVE', 'GBP', 175000, '${world.startsAt}', '${world.endsAt}',
        '{"type":"TOP_PRIZES","prizes":[100000,50000,25000]}',
        '{"hashtags":["#BenchLights"],"mentions":[],"minimumLengthSeconds":15}', now(), now());
    insert into campaign_territories (campaign_id, territory_id) values ('${id}', '${world.territoryId}');
    insert into campaign_status_history (id, campaign_id, from_status, to_status, at)
      values ('${randomUUID()}', '${id}', null, 'LIVE', now());

    insert into accounts (id, email, role, status, password_hash, password_changed_at, email_verified_at,
        created_at)
      select ${creator}, 'bench-report-${index}-' || n || '@example.com', 'Creator', 'ACTIVE', '!', now(),
        now(), now()
      from ${series};
    insert into creators (account_id, onboarding_status, first_name, last_name, country, agency_decided_at,
        created_at, updated_at)
      select ${creator}, 'ACTIVE', 'Creator', 'Number ' || n, 'GB', now(), now(), now() from ${series};
    insert into creator_handles (creator_id, platform, handle, handle_key, created_at)
      select ${creator}, 'TikTok', ${handle}, ${handle}, now() from ${series};
    insert into campaign_rsvps (id, campaign_id, creator_id, status, created_at, updated_at)
      select md5('bench-report-rsvp-${index}-' || n)::uuid, '${id}', ${creator}, 'ACCEPT', now(), now()
      from ${series};
    insert into campaign_entries (id, campaign_id, creator_id, platform, kind, post_link, post_identity,
        status, submitted_at, reviewed_at, updated_at)
      select ${entry}, '${id}', ${creator}, 'TikTok', 'POST',
        'https://www.tiktok.com/@' || ${handle} || '/video/' || ${post}, 'TikTok:' || ${post}, 'APPROVED',
        '${world.startsAt}'::timestamptz + n * interval '1 second', now(), now()
      from ${series};
    insert into entry_metric_readings (id, entry_id, views, likes, comments, shares, source, read_at,
        recorded_at)
      select md5('bench-report-reading-${index}-' || n || '-' || day)::uuid, ${entry},
        (n % 1000 + 1) * 1000 * (${READING_DAYS} - day), (n % 1000 + 1) * 10 * (${READING_DAYS} - day),
        (n % 100) * (${READING_DAYS} - day), (n % 50) * (${READING_DAYS} - day), 'tiktok-business',
        now() - interval '5 minutes' - day * interval '1 day',
        now() - interval '5 minutes' - day * interval '1 day'
      from ${series} cross join generate_series(0, ${READING_DAYS - 1}) as day;
    insert into entry_metric_schedule (entry_id, next_attempt_at, attempts, last_outcome, updated_at)
      select ${entry}, now() + interval '1 hour', 0, 'metrics', now() from ${series};
  `;
}

/** Every campaign in one script and one transaction, with the team and territory they share. */
function seedSql(world: World): string {
  return `
    begin;
    insert into teams (id, name, created_at) values ('${world.teamId}', 'Bench team', now());
    insert into territories (id, name, countries, active, created_at, updated_at)
      values ('${world.territoryId}', 'Bench territory', '{GB}', true, now(), now());
    ${world.campaigns.map((campaign) => campaignSql(world, campaign)).join('\n')}
    commit;
    analyze;
  `;
}

/** The first answer of a route, which must be whole and about every seeded entry before any is timed. */
async function validate(url: string, headers: Record<string, string>, route: Route, size: number) {
  const response = await fetch(url, { headers });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  if (route === 'report') {
    const { kpis, daily } = (await response.json()) as Report;
    const counts = [kpis.creatorsJoined, kpis.entriesSubmitted, kpis.entriesApproved];
    if (counts.some((count) => count !== size)) {
      throw new Error(
        `the report of ${size} entries counts ${counts.join(', ')} (joined, submitted, approved)`,
      );
    }
    // The last day of the series is the totals: every entry's latest reading was read today.
    if (daily.length < READING_DAYS || daily.at(-1)?.views !== kpis.views || !kpis.views) {
      throw new Error(
        `the report of ${size} entries has ${daily.length} days, the last with ${daily.at(-1)?.views} views ` +
          `of ${kpis.views}; expected at least ${READING_DAYS} days ending on the totals`,
      );
    }
    return `${daily.length} days, ${kpis.views.toLocaleString('en-GB')} views`;
  }
  const forecast = (await response.json()) as Forecast;
  // Without a projection the forecast skips the trend, and the day series is what it times.
  if (forecast.state !== 'PROJECTED' || forecast.trendDays < 2) {
    throw new Error(`the forecast of ${size} entries is ${forecast.state} over ${forecast.trendDays} days`);
  }
  return `${forecast.state} over ${forecast.trendDays} days`;
}

async function benchmark(kind: DatabaseKind): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'platform-bench-report-'));
  const postgres = kind === 'postgres' ? await createScratchDatabase(POSTGRES_URL, 'bench') : undefined;
  const dataDir = join(workDir, 'data');
  const logFile = join(workDir, 'server.log');
  // Requests are sequential and few, but the flood limit is lifted so that it can never be what is timed.
  const environment = {
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  let server: RunningServer | undefined;
  try {
    const email = 'report.admin@example.com';
    const password = 'Bench-Harbour-73!';
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${server?.url}${path}`, { method: 'POST', body: new URLSearchParams(body) });
    const signIn = async () => {
      const answer = (await (await form('/api/auth/sign-in', { username: email, password })).json()) as {
        id_token?: string;
      };
      if (!answer.id_token) throw new Error('could not sign in as the Admin');
      return answer.id_token;
    };

    // The first start migrates the database and sets up the first Admin with the one-time link it logs
    // (an Admin sees every campaign's report, whatever its team); the campaigns are then seeded with the
    // server stopped (PGlite is one process's), and the second start serves them.
    server = await startServer(environment, { logFile });
    const setupLink = /"link":"([^"]*\/setup\?token=[^"]+)"/.exec(server.output())?.[1];
    if (!setupLink) throw new Error('no setup link in the server log');
    const setUp = await form('/api/setup/admin', {
      token: new URL(setupLink).searchParams.get('token') ?? '',
      email,
      password,
    });
    if (setUp.status !== 201) throw new Error(`setting up the Admin answered ${setUp.status}`);
    await server.stop();

    // Started before the first reading and running two weeks more, so that every reading falls in the
    // day series and the forecast has a future to project.
    const world: World = {
      teamId: randomUUID(),
      territoryId: randomUUID(),
      startsAt: new Date(Date.now() - READING_DAYS * DAY_MS - 3600 * 1000).toISOString(),
      endsAt: new Date(Date.now() + READING_DAYS * DAY_MS).toISOString(),
      campaigns: SIZES.map((size, index) => ({ id: randomUUID(), size, index })),
    };
    const location = postgres?.url ?? join(dataDir, 'pgdata');
    const seedSeconds = await seedThroughDriver(kind, location, seedSql(world));
    // Vacuumed and checkpointed as a database in use would be: the autovacuum and the checkpoint that a
    // bulk load of this size sets off would otherwise run while the first size is timed.
    const vacuumSeconds = await seedThroughDriver(kind, location, 'vacuum (analyze)');
    await seedThroughDriver(kind, location, 'checkpoint');

    server = await startServer(environment, { logFile });
    const headers = { authorization: `Bearer ${await signIn()}` };
    const urlOf = (campaign: Campaign, route: Route) =>
      `${server?.url}/server-api/marketing/campaigns/${campaign.id}/${route}`;

    const checks: string[] = [];
    for (const campaign of world.campaigns) {
      for (const route of ROUTES) {
        checks.push(
          `${campaign.size}: ${route} ${await validate(urlOf(campaign, route), headers, route, campaign.size)}`,
        );
      }
    }
    // In rounds over every size, so that whatever else the machine does meanwhile falls on every size
    // alike, rather than on whichever is timed first.
    const times = new Map<Campaign, Record<Route, number[]>>(
      world.campaigns.map((campaign) => [campaign, { report: [], forecast: [] }]),
    );
    for (let round = 0; round < REQUESTS; round += 1) {
      for (const campaign of world.campaigns) {
        for (const route of ROUTES) {
          times.get(campaign)?.[route].push(await unloadedMedian(urlOf(campaign, route), headers, 1));
        }
      }
    }
    const medians = new Map<Campaign, Record<Route, number>>(
      [...times].map(([campaign, perRoute]) => [
        campaign,
        { report: median(perRoute.report), forecast: median(perRoute.forecast) },
      ]),
    );

    const errorLines = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line)).length;
    const readings = SIZES.reduce((sum, size) => sum + size * READING_DAYS, 0);
    const smallest = world.campaigns[0] ? medians.get(world.campaigns[0]) : undefined;

    console.log(
      `\n== Campaign report and forecast, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`,
    );
    console.log(
      `  seeded ${SIZES.length} campaigns (${SIZES.map((size) => size.toLocaleString('en-GB')).join(', ')} ` +
        `approved entries), ${readings.toLocaleString('en-GB')} readings in all, in ${seedSeconds.toFixed(1)} s ` +
        `(the database's triggers keeping the report's sums), vacuumed in ${vacuumSeconds.toFixed(1)} s`,
    );
    console.log(`  first answers: ${checks.join('; ')}`);
    console.log(
      `  one request at a time, in ${REQUESTS} rounds over the sizes, median, ratio against the smallest size:`,
    );
    for (const campaign of world.campaigns) {
      const times = medians.get(campaign);
      if (!times || !smallest) continue;
      const column = (route: Route) =>
        `${route} ${times[route].toFixed(0).padStart(6)} ms (×${(times[route] / smallest[route]).toFixed(2)})`;
      console.log(
        `    ${campaign.size.toLocaleString('en-GB').padStart(7)} entries: ${column('report')}, ` +
          `${column('forecast')}`,
      );
    }
    const atGoalSize = world.campaigns.find((campaign) => campaign.size === REPORT_GOAL_ENTRIES);
    const atGoal = atGoalSize ? medians.get(atGoalSize)?.report : undefined;
    console.log(
      `  goal: the report at ${REPORT_GOAL_ENTRIES.toLocaleString('en-GB')} entries, median ≤ ${REPORT_GOAL_MS} ms: ` +
        (atGoal === undefined
          ? 'not measured (that size is not in BENCH_REPORT_SIZES)'
          : `${atGoal.toFixed(0)} ms, ${atGoal <= REPORT_GOAL_MS ? 'met' : 'NOT met'}`),
    );
    console.log(`  error lines in the server's log: ${errorLines}`);
  } finally {
    await server?.stop();
    await server?.cleanup();
    await postgres?.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await buildServer();
for (const kind of DATABASES) await benchmark(kind);
