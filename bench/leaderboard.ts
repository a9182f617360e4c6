// Leaderboard load measurements, run by hand (`npm run bench`). One live campaign with 100,000 approved
// entries from as many creators, each with a reading; a joined creator with an entry of their own far from
// the top asks for the board (GET /server-api/campaigns/{id}/leaderboard: the first 100 places and their
// own, through the whole stack). It is measured against a bare `node:http` server running the same ranking
// query for the same campaign and creator with the database driver alone, in alternating rounds, so the
// ratio means something on any machine; then both are held at a fixed rate (500 requests/s) to read the
// latency tail. Once on PostgreSQL (a fresh database on BENCH_POSTGRES_URL), once on the embedded PGlite.
// Traffic goes to 127.0.0.1 only.
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { buildServer } from '../scripts/build-server.mjs';
import { startServer, type RunningServer } from '../e2e/support/server';
import { currentTermsId } from './current-terms';
import {
  accountIdOf,
  median,
  seedThroughDriver,
  startBareServer,
  unloadedMedian,
  type DatabaseKind,
} from './support';

const ENTRIES = Number(process.env.BENCH_LEADERBOARD_ENTRIES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_LEADERBOARD_ROUNDS ?? 5);
// Each request ranks the whole campaign: a few connections already keep every core busy (PGlite runs one
// query at a time), more would only lengthen the queue each round leaves behind, and rounds are long
// enough to count more than a handful of slow answers.
const DURATION_SECONDS = Number(process.env.BENCH_LEADERBOARD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_LEADERBOARD_CONNECTIONS ?? 4);
const FIXED_RATE = Number(process.env.BENCH_LEADERBOARD_RATE ?? 500);
const FIXED_RATE_SECONDS = Number(process.env.BENCH_LEADERBOARD_RATE_SECONDS ?? 5);
const FIXED_RATE_ROUNDS = Number(process.env.BENCH_LEADERBOARD_RATE_ROUNDS ?? 1);
// Enough connections for the rate at a few tens of milliseconds each; autocannon sends one request at a
// time on each.
const FIXED_RATE_CONNECTIONS = Number(process.env.BENCH_LEADERBOARD_RATE_CONNECTIONS ?? 32);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as DatabaseKind[];
const BOARD_SIZE = 100;
const DAY_MS = 24 * 3600 * 1000;

type Result = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Target = { url: string; headers: Record<string, string> };
type Place = { entryId: string; rank: number | null };
type Board = { totalEntries: number; places: Place[]; mine: Place[] };

async function measure(
  target: Target,
  options: { seconds: number; connections: number; rate?: number },
): Promise<Result> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Waits for the requests a round left running to finish: a request sent now queues behind them for the
 * database, so its answer means they are done and the next round starts on an idle machine.
 */
async function drain(target: Target): Promise<void> {
  await fetch(target.url, { headers: target.headers }).then(
    (response) => response.arrayBuffer(),
    () => undefined,
  );
}

type World = {
  teamId: string;
  territoryId: string;
  campaignId: string;
  callerId: string;
  callerEntryId: string;
  startsAt: string;
  endsAt: string;
};

/**
 * The campaign's world in bulk, straight into the real tables (as the test factories write it, a row per
 * creator instead of a call per row): a team and a territory of the United Kingdom, a live CHALLENGE on
 * TikTok in it, `ENTRIES` active creators with a handle who joined and have one approved entry each, read
 * a few minutes ago with random figures, and the caller's own profile and entry halfway down the board.
 * Each entry is on the refresh schedule an hour from now, as one just read is, so the server's refresh
 * job finds nothing due while the board is measured.
 */
function seedSql(world: World): string {
  const { teamId, territoryId, campaignId, callerId, callerEntryId, startsAt, endsAt } = world;
  const creator = `md5('bench-creator-' || n)::uuid`;
  const entry = `md5('bench-entry-' || n)::uuid`;
  const series = `generate_series(1, ${ENTRIES}) as n`;
  return `
    begin;
    insert into teams (id, name, created_at) values ('${teamId}', 'Bench team', now());
    insert into territories (id, name, countries, active, created_at, updated_at)
      values ('${territoryId}', 'Bench territory', '{GB}', true, now(), now());
    insert into campaigns (id, team_id, name, brand_or_artist, brief, platform, type, status, currency,
        budget, starts_at, ends_at, reward, requirements, created_at, updated_at)
      values ('${campaignId}', '${teamId}', 'Bench Lights', 'Nova Lights', 'Show us your lights.', 'TikTok',
        'CHALLENGE', 'LIVE', 'GBP', 175000, '${startsAt}', '${endsAt}',
        '{"type":"TOP_PRIZES","prizes":[100000,50000,25000]}',
        '{"hashtags":["#BenchLights"],"mentions":[],"minimumLengthSeconds":15}', now(), now());
    insert into campaign_territories (campaign_id, territory_id) values ('${campaignId}', '${territoryId}');
    insert into campaign_status_history (id, campaign_id, from_status, to_status, at)
      values ('${randomUUID()}', '${campaignId}', null, 'LIVE', now());

    insert into accounts (id, email, role, status, password_hash, password_changed_at, email_verified_at,
        created_at)
      select ${creator}, 'bench-creator-' || n || '@example.com', 'Creator', 'ACTIVE', '!', now(), now(), now()
      from ${series};
    insert into creators (account_id, onboarding_status, first_name, last_name, country, agency_decided_at,
        created_at, updated_at)
      select ${creator}, 'ACTIVE', 'Rival', 'Number ' || n, 'GB', now(), now(), now() from ${series};
    insert into creator_handles (creator_id, platform, handle, handle_key, created_at)
      select ${creator}, 'TikTok', 'rival_' || n, 'rival_' || n, now() from ${series};
    insert into campaign_rsvps (id, campaign_id, creator_id, status, created_at, updated_at)
      select md5('bench-rsvp-' || n)::uuid, '${campaignId}', ${creator}, 'ACCEPT', now(), now() from ${series};
    insert into campaign_entries (id, campaign_id, creator_id, platform, kind, post_link, post_identity,
        status, submitted_at, reviewed_at, updated_at)
      select ${entry}, '${campaignId}', ${creator}, 'TikTok', 'POST',
        'https://www.tiktok.com/@rival_' || n || '/video/' || (7300000000000000000 + n),
        'TikTok:' || (7300000000000000000 + n), 'APPROVED',
        now() - interval '1 day' - n * interval '1 second', now(), now()
      from ${series};
    insert into entry_metric_readings (id, entry_id, views, likes, comments, shares, source, read_at,
        recorded_at)
      select md5('bench-reading-' || n)::uuid, ${entry}, floor(random() * 10000000),
        floor(random() * 100000), floor(random() * 1000), floor(random() * 1000), 'tiktok-business',
        now() - interval '5 minutes', now() - interval '5 minutes'
      from ${series};
    insert into entry_metric_schedule (entry_id, next_attempt_at, attempts, last_outcome, updated_at)
      select ${entry}, now() + interval '1 hour', 0, 'metrics', now() from ${series};

    update accounts set email_verified_at = now() where id = '${callerId}';
    update creators set onboarding_status = 'ACTIVE', first_name = 'Casey', last_name = 'Caller',
        date_of_birth = '1995-04-12', gender = 'PreferNotToSay', dial_code = '+44', mobile = '7700900123',
        country = 'GB', address_line1 = '1 High Street', city = 'London', postcode = 'SW1A 1AA',
        agency_decided_at = now(), updated_at = now()
      where account_id = '${callerId}';
    insert into creator_handles (creator_id, platform, handle, handle_key, created_at)
      values ('${callerId}', 'TikTok', 'casey_caller', 'casey_caller', now());
    insert into campaign_entries (id, campaign_id, creator_id, platform, kind, post_link, post_identity,
        status, submitted_at, reviewed_at, updated_at)
      values ('${callerEntryId}', '${campaignId}', '${callerId}', 'TikTok', 'POST',
        'https://www.tiktok.com/@casey_caller/video/7399999999999999999', 'TikTok:7399999999999999999',
        'APPROVED', now() - interval '1 hour', now(), now());
    insert into entry_metric_readings (id, entry_id, views, likes, comments, shares, source, read_at,
        recorded_at)
      values ('${randomUUID()}', '${callerEntryId}', 5000000, 40000, 300, 200, 'tiktok-business',
        now() - interval '5 minutes', now() - interval '5 minutes');
    insert into entry_metric_schedule (entry_id, next_attempt_at, attempts, last_outcome, updated_at)
      values ('${callerEntryId}', now() + interval '1 hour', 0, 'metrics', now());
    commit;
    analyze;
  `;
}

async function readBoard(target: Target): Promise<{ board: Board; etag: string | null }> {
  const response = await fetch(target.url, { headers: target.headers });
  if (response.status !== 200) {
    throw new Error(`${target.url} answered ${response.status}: ${await response.text()}`);
  }
  return { board: (await response.json()) as Board, etag: response.headers.get('etag') };
}

function summary(result: Result, asked: number): string {
  const problems = [
    result.non2xx ? `${result.non2xx} non-2xx` : '',
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
  ].filter(Boolean);
  const latency = result.total
    ? `p50 ${result.p50} ms, p99 ${result.p99} ms`
    : 'no answer within the run, so no latency to read';
  return (
    `${result.requestsPerSecond.toFixed(1)} req/s answered (${result.total} of the ${asked} asked for), ` +
    `${latency}${problems.length ? `; ${problems.join(', ')}` : ''}`
  );
}

async function benchmark(kind: DatabaseKind): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'platform-bench-leaderboard-'));
  const postgres = kind === 'postgres' ? await createScratchDatabase(POSTGRES_URL, 'bench') : undefined;
  const dataDir = join(workDir, 'data');
  const logFile = join(workDir, 'server.log');
  // The flood limit stays in the path, lifted so that one load generator is not refused.
  const environment = {
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  let server: RunningServer | undefined;
  let bare: { url: string; process: ChildProcess } | undefined;
  try {
    const email = 'leaderboard.caller@example.com';
    const password = 'Bench-Harbour-73!';
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${server?.url}${path}`, { method: 'POST', body: new URLSearchParams(body) });
    const signIn = async () => {
      const answer = (await (await form('/api/auth/sign-in', { username: email, password })).json()) as {
        id_token?: string;
      };
      if (!answer.id_token) throw new Error('could not sign in for the leaderboard');
      return answer.id_token;
    };

    // The first start migrates the database and signs the caller up; the world is then seeded with the
    // server stopped (PGlite is one process's), and the second start serves it.
    server = await startServer(environment, { logFile });
    const signedUp = await form('/api/auth/sign-up', {
      username: email,
      password,
      tncVersion: await currentTermsId(server.url),
    });
    if (signedUp.status !== 200) throw new Error(`signing up answered ${signedUp.status}`);
    const world: World = {
      teamId: randomUUID(),
      territoryId: randomUUID(),
      campaignId: randomUUID(),
      callerId: accountIdOf(await signIn()),
      callerEntryId: randomUUID(),
      startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() + 26 * DAY_MS).toISOString(),
    };
    await server.stop();
    const pgliteDir = join(dataDir, 'pgdata');
    const seedSeconds = await seedThroughDriver(kind, postgres?.url ?? pgliteDir, seedSql(world));
    const barePgliteDir = join(workDir, 'bare-pgdata');
    if (kind === 'pglite') await cp(pgliteDir, barePgliteDir, { recursive: true });

    server = await startServer(environment, { logFile });
    const bearer = { authorization: `Bearer ${await signIn()}` };
    const joined = await fetch(`${server.url}/server-api/campaigns/rsvp`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ campaignId: world.campaignId, creatorId: world.callerId }),
    });
    if (joined.status !== 201) throw new Error(`joining answered ${joined.status}: ${await joined.text()}`);

    const platform: Target = {
      url: `${server.url}/server-api/campaigns/${world.campaignId}/leaderboard`,
      headers: bearer,
    };
    const { board, etag } = await readBoard(platform);
    const [mine] = board.mine;
    if (board.places.length !== BOARD_SIZE || !mine || board.totalEntries !== ENTRIES + 1) {
      throw new Error(
        `the board has ${board.places.length} places, ${board.mine.length} of the caller's and ` +
          `${board.totalEntries} entries; expected ${BOARD_SIZE}, 1 and ${ENTRIES + 1}`,
      );
    }
    const again = await fetch(platform.url, { headers: { ...bearer, 'if-none-match': etag ?? '' } });
    await again.arrayBuffer();

    bare = await startBareServer(
      './leaderboard-bare-server.ts',
      '/leaderboard',
      {
        CAMPAIGN_ID: world.campaignId,
        CREATOR_ID: world.callerId,
        CLOSES_AT: world.endsAt,
        ...(postgres ? { DATABASE_URL: postgres.url } : { PGLITE_DATA_DIR: barePgliteDir }),
      },
      // The bare server ranks the whole board once before it answers.
      { seconds: 60 },
    );
    const baseline: Target = { url: bare.url, headers: {} };
    const bareBoard = (await readBoard(baseline)).board;
    const ids = (places: Place[]) => places.map((place) => place.entryId).join();
    if (ids(bareBoard.places) !== ids(board.places) || ids(bareBoard.mine) !== ids(board.mine)) {
      throw new Error('the bare server ranks the board differently from the platform');
    }

    const unloadedPlatform = await unloadedMedian(platform.url, platform.headers, 5);
    const unloadedBare = await unloadedMedian(baseline.url, baseline.headers, 5);

    const rounds: { bare: Result; platform: Result }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bareResult = await measure(baseline, { seconds: DURATION_SECONDS, connections: CONNECTIONS });
      await drain(baseline);
      const platformResult = await measure(platform, { seconds: DURATION_SECONDS, connections: CONNECTIONS });
      await drain(platform);
      rounds.push({ bare: bareResult, platform: platformResult });
    }
    const ratios = rounds.map(({ bare: b, platform: p }) => p.requestsPerSecond / b.requestsPerSecond);

    const fixed = { seconds: FIXED_RATE_SECONDS, connections: FIXED_RATE_CONNECTIONS, rate: FIXED_RATE };
    const bareTails: Result[] = [];
    const platformTails: Result[] = [];
    for (let round = 0; round < FIXED_RATE_ROUNDS; round += 1) {
      bareTails.push(await measure(baseline, fixed));
      await drain(baseline);
      platformTails.push(await measure(platform, fixed));
      await drain(platform);
    }
    const medianOf = (results: Result[], key: keyof Result) => median(results.map((result) => result[key]));
    const answered = (results: Result[]) => results.every((result) => result.total > 0);
    const tailRatio =
      answered(platformTails) && answered(bareTails)
        ? (medianOf(platformTails, 'p99') / medianOf(bareTails, 'p99')).toFixed(2)
        : 'none: a side answered nothing';
    const held = (results: Result[]) =>
      results.every(
        (result) =>
          result.requestsPerSecond >= FIXED_RATE * 0.95 &&
          !result.non2xx &&
          !result.errors &&
          !result.timeouts,
      );

    const problems = rounds
      .flatMap(({ platform: p }) => [p.non2xx, p.errors, p.timeouts])
      .reduce((a, b) => a + b, 0);
    const errorLines = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line)).length;

    console.log(`\n== Leaderboard, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    console.log(
      `  seeded ${ENTRIES.toLocaleString('en-GB')} approved entries with a reading each (and their creators) ` +
        `in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `  board: ${board.places.length} places of ${board.totalEntries} entries, the caller's entry at rank ` +
        `${mine.rank}; again with If-None-Match: ${again.status}`,
    );
    console.log(
      `  one request at a time (median of 5): platform ${unloadedPlatform.toFixed(0)} ms, ` +
        `bare ${unloadedBare.toFixed(0)} ms`,
    );
    console.log(`  ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s`);
    rounds.forEach(({ bare: b, platform: p }, index) =>
      console.log(
        `  round ${index + 1}: bare ${b.requestsPerSecond.toFixed(1)} req/s (p99 ${b.p99} ms), ` +
          `platform ${p.requestsPerSecond.toFixed(1)} req/s (p99 ${p.p99} ms), ` +
          `ratio ${(ratios[index] ?? 0).toFixed(2)}`,
      ),
    );
    console.log(`  leaderboard throughput ratio (median): ${median(ratios).toFixed(2)}`);
    console.log(
      `  at ${FIXED_RATE} req/s (${FIXED_RATE_CONNECTIONS} connections, ${FIXED_RATE_ROUNDS} × ` +
        `${FIXED_RATE_SECONDS} s each):`,
    );
    const asked = FIXED_RATE * FIXED_RATE_SECONDS;
    platformTails.forEach((result) => console.log(`    platform: ${summary(result, asked)}`));
    bareTails.forEach((result) => console.log(`    bare:     ${summary(result, asked)}`));
    console.log(`    p99 ratio (platform / bare, median rounds): ${tailRatio}`);
    const unheld = [held(platformTails) ? '' : 'the platform', held(bareTails) ? '' : 'the bare server'];
    if (unheld.some(Boolean)) {
      console.log(
        `    NOT HELD: ${unheld.filter(Boolean).join(' and ')} did not answer ${FIXED_RATE} req/s. With ` +
          `${FIXED_RATE_CONNECTIONS} connections autocannon keeps that many requests waiting and sends no ` +
          `more, so a request never sent has no latency and the p99 above is of the few answered: the real ` +
          `tail at this rate grows for as long as the rate lasts`,
      );
    }
    console.log(`  platform non-2xx or failed requests: ${problems}; error lines in its log: ${errorLines}`);
  } finally {
    bare?.process.kill('SIGTERM');
    await server?.stop();
    await server?.cleanup();
    await postgres?.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await buildServer();
for (const kind of DATABASES) await benchmark(kind);
