// Leaderboard load measurements, run by hand (`npm run bench`), on PostgreSQL (a scratch database on
// BENCH_POSTGRES_URL) with the ranking cache off (LEADERBOARD_CACHE_SECONDS=0), at 100,000 and 1,000,000
// approved entries (BENCH_LEADERBOARD_SIZES). A live campaign's entries, each with a reading, are seeded in
// SQL (generate_series) with the triggers off and their kept figures written once after, as migration 0028
// backfills them; a joined creator with an entry halfway down the board asks for it (GET
// /server-api/campaigns/{id}/leaderboard: the first 100 places and their own, through the whole stack). The
// same run holds three servers at 500 requests/s and reads their latency tail: the platform, a bare
// `node:http` + `pg` server running the same index reads (ADR 039), and one running the full ranking query
// they replaced. Traffic goes to 127.0.0.1 only.
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { buildServer } from '../scripts/build-server.mjs';
import { startServer, type RunningServer } from '../e2e/support/server';
import { currentTermsId } from './current-terms';
import { accountIdOf, seedThroughDriver, startBareServer, unloadedMedian } from './support';

const SIZES = (process.env.BENCH_LEADERBOARD_SIZES ?? '100000,1000000').split(',').map(Number);
/** The goal for the platform's p99 at the fixed rate, in milliseconds, by board size (issue 29). */
const GOAL_MS = (entries: number) => (entries <= 100_000 ? 20 : 50);
const FIXED_RATE = Number(process.env.BENCH_LEADERBOARD_RATE ?? 500);
const FIXED_RATE_SECONDS = Number(process.env.BENCH_LEADERBOARD_RATE_SECONDS ?? 10);
// Enough connections for the rate at a few tens of milliseconds each; autocannon sends one request at a
// time on each.
const FIXED_RATE_CONNECTIONS = Number(process.env.BENCH_LEADERBOARD_RATE_CONNECTIONS ?? 32);
// The full ranking takes seconds a request at these sizes: it is asked the same rate for a short while on
// a few connections, enough to show it cannot hold it without queueing minutes of work on the database.
const FULL_RATE_SECONDS = Number(process.env.BENCH_LEADERBOARD_FULL_SECONDS ?? 5);
const FULL_CONNECTIONS = 4;
/** The creators the entries are spread over: a creator may enter several posts. */
const CREATORS_MAX = 100_000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOARD_SIZE = 100;
const DAY_MS = 24 * 3600 * 1000;

type Result = { requestsPerSecond: number; p50: number; p99: number; total: number; failed: number };
type Target = { url: string; headers: Record<string, string> };
type Place = { entryId: string; rank: number | null };
type Board = { totalEntries: number; places: Place[]; mine: Place[] };

async function measure(target: Target, seconds: number, connections: number): Promise<Result> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
    overallRate: FIXED_RATE,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Waits for what a round left running: an answer now means the queue ahead of it is done. */
async function drain(target: Target): Promise<void> {
  await fetch(target.url, { headers: target.headers }).then(
    (response) => response.arrayBuffer(),
    () => undefined,
  );
}

type World = {
  entries: number;
  teamId: string;
  territoryId: string;
  campaignId: string;
  callerId: string;
  callerEntryId: string;
  startsAt: string;
  endsAt: string;
};

/**
 * The campaign's world in bulk, straight into the real tables: a team and a territory of the United
 * Kingdom, a live CHALLENGE on TikTok in it, up to 100,000 active creators with a handle who joined it,
 * `entries` approved entries spread over them, each read a few minutes ago with random figures (up to ten
 * million views), and the caller's own entry at five million views, about halfway down. Each entry is on
 * the refresh schedule an hour from now, so the server's refresh job finds nothing due while the board is
 * measured. The triggers are off while rows go in (the session replicates), and the kept figures are
 * written once at the end by the function the triggers call.
 */
function seedSql(world: World): string {
  const { entries, teamId, territoryId, campaignId, callerId, callerEntryId, startsAt, endsAt } = world;
  const creators = Math.min(entries, CREATORS_MAX);
  const creator = (n: string) => `md5('bench-creator-' || ${n})::uuid`;
  const entry = `md5('bench-entry-' || n)::uuid`;
  const creatorSeries = `generate_series(1, ${creators}) as n`;
  const entrySeries = `generate_series(1, ${entries}) as n`;
  return `
    set session_replication_role = replica;
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
      select ${creator('n')}, 'bench-creator-' || n || '@example.com', 'Creator', 'ACTIVE', '!', now(), now(),
        now()
      from ${creatorSeries};
    insert into creators (account_id, onboarding_status, first_name, last_name, country, agency_decided_at,
        created_at, updated_at)
      select ${creator('n')}, 'ACTIVE', 'Rival', 'Number ' || n, 'GB', now(), now(), now() from ${creatorSeries};
    insert into creator_handles (creator_id, platform, handle, handle_key, created_at)
      select ${creator('n')}, 'TikTok', 'rival_' || n, 'rival_' || n, now() from ${creatorSeries};
    insert into campaign_rsvps (id, campaign_id, creator_id, status, created_at, updated_at)
      select md5('bench-rsvp-' || n)::uuid, '${campaignId}', ${creator('n')}, 'ACCEPT', now(), now()
      from ${creatorSeries};
    insert into campaign_entries (id, campaign_id, creator_id, platform, kind, post_link, post_identity,
        status, submitted_at, reviewed_at, updated_at)
      select ${entry}, '${campaignId}', ${creator(`((n - 1) % ${creators} + 1)`)}, 'TikTok', 'POST',
        'https://www.tiktok.com/@rival/video/' || (7300000000000000000 + n),
        'TikTok:' || (7300000000000000000 + n), 'APPROVED',
        now() - interval '1 day' - n * interval '10 milliseconds', now(), now()
      from ${entrySeries};
    insert into entry_metric_readings (id, entry_id, views, likes, comments, shares, source, read_at,
        recorded_at)
      select md5('bench-reading-' || n)::uuid, ${entry}, floor(random() * 10000000),
        floor(random() * 100000), floor(random() * 1000), floor(random() * 1000), 'tiktok-business',
        now() - interval '5 minutes', now() - interval '5 minutes'
      from ${entrySeries};
    insert into entry_metric_schedule (entry_id, next_attempt_at, attempts, last_outcome, updated_at)
      select ${entry}, now() + interval '1 hour', 0, 'metrics', now() from ${entrySeries};

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
    select leaderboard_refresh(array(select id from campaign_entries where campaign_id = '${campaignId}'));
    commit;
    set session_replication_role = origin;
  `;
}

async function readBoard(target: Target): Promise<Board> {
  const response = await fetch(target.url, { headers: target.headers });
  if (response.status !== 200) {
    throw new Error(`${target.url} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as Board;
}

function summary(result: Result, asked: number, goalMs?: number): string {
  const latency = result.total
    ? `p50 ${result.p50} ms, p99 ${result.p99} ms`
    : 'no answer within the run, so no latency to read';
  const held = result.requestsPerSecond >= FIXED_RATE * 0.95 && result.failed === 0;
  const goal = goalMs === undefined ? '' : result.p99 <= goalMs && held ? ' (goal met)' : ' (GOAL MISSED)';
  return (
    `${result.requestsPerSecond.toFixed(1)} req/s answered (${result.total} of the ${asked} asked for), ` +
    `${latency}${result.failed ? `; ${result.failed} failed` : ''}${held ? '' : '; rate NOT HELD'}${goal}`
  );
}

type Servers = { server?: RunningServer; bare: ChildProcess[] };

async function prepare(entries: number, databaseUrl: string, workDir: string, servers: Servers) {
  // The ranking cache is off, as by default: every request reads the kept ranks. The server is an API
  // process (ROLE=api): the jobs belong to a worker, and at a million entries the refresh job alone
  // schedules every approved post each minute, which would be measured as the board's latency.
  const environment = {
    ROLE: 'api',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    DATA_DIR: join(workDir, 'data'),
    DATABASE_URL: databaseUrl,
    LEADERBOARD_CACHE_SECONDS: '0',
  };
  const email = 'leaderboard.caller@example.com';
  const password = 'Bench-Harbour-73!';
  const server = await startServer(environment, { logFile: join(workDir, 'server.log') });
  servers.server = server;
  const form = (path: string, body: Record<string, string>) =>
    fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(body) });
  const signIn = async () => {
    const answer = (await (await form('/api/auth/sign-in', { username: email, password })).json()) as {
      id_token?: string;
    };
    if (!answer.id_token) throw new Error('could not sign in for the leaderboard');
    return answer.id_token;
  };
  const signedUp = await form('/api/auth/sign-up', {
    username: email,
    password,
    tncVersion: await currentTermsId(server.url),
  });
  if (signedUp.status !== 200) throw new Error(`signing up answered ${signedUp.status}`);
  const world: World = {
    entries,
    teamId: randomUUID(),
    territoryId: randomUUID(),
    campaignId: randomUUID(),
    callerId: accountIdOf(await signIn()),
    callerEntryId: randomUUID(),
    startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    endsAt: new Date(Date.now() + 26 * DAY_MS).toISOString(),
  };
  // Vacuumed as autovacuum would leave tables in service, so index-only reads need not visit the heap.
  const seedSeconds =
    (await seedThroughDriver('postgres', databaseUrl, seedSql(world))) +
    (await seedThroughDriver('postgres', databaseUrl, 'vacuum analyze'));
  const bearer = { authorization: `Bearer ${await signIn()}` };
  const joined = await fetch(`${server.url}/server-api/campaigns/rsvp`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ campaignId: world.campaignId, creatorId: world.callerId }),
  });
  if (joined.status !== 201) throw new Error(`joining answered ${joined.status}: ${await joined.text()}`);
  const bareOf = async (read: 'kept' | 'full'): Promise<Target> => {
    const bare = await startBareServer(
      './leaderboard-bare-server.ts',
      '/leaderboard',
      {
        BOARD_READ: read,
        DATABASE_URL: databaseUrl,
        CAMPAIGN_ID: world.campaignId,
        CREATOR_ID: world.callerId,
        CLOSES_AT: world.endsAt,
        LOCK_DAYS: '7',
      },
      { seconds: 120 },
    );
    servers.bare.push(bare.process);
    return { url: bare.url, headers: {} };
  };
  return {
    seedSeconds,
    platform: { url: `${server.url}/server-api/campaigns/${world.campaignId}/leaderboard`, headers: bearer },
    kept: await bareOf('kept'),
    full: await bareOf('full'),
  };
}

async function benchmark(entries: number): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'platform-bench-leaderboard-'));
  const postgres = await createScratchDatabase(POSTGRES_URL, 'bench');
  const servers: Servers = { bare: [] };
  try {
    const { seedSeconds, platform, kept, full } = await prepare(entries, postgres.url, workDir, servers);
    const board = await readBoard(platform);
    const [mine] = board.mine;
    if (board.places.length !== BOARD_SIZE || !mine || board.totalEntries !== entries + 1) {
      throw new Error(
        `the board has ${board.places.length} places, ${board.mine.length} of the caller's and ` +
          `${board.totalEntries} entries; expected ${BOARD_SIZE}, 1 and ${entries + 1}`,
      );
    }
    const ids = (places: Place[]) => places.map((place) => `${place.entryId}:${place.rank}`).join();
    for (const [name, target] of [
      ['index reads', kept],
      ['full ranking', full],
    ] as const) {
      const other = await readBoard(target);
      if (ids(other.places) !== ids(board.places) || ids(other.mine) !== ids(board.mine)) {
        throw new Error(`the bare server's ${name} rank the board differently from the platform`);
      }
    }

    const unloaded = {
      platform: await unloadedMedian(platform.url, platform.headers, 9),
      kept: await unloadedMedian(kept.url, kept.headers, 9),
      full: await unloadedMedian(full.url, full.headers, 3),
    };
    const platformTail = await measure(platform, FIXED_RATE_SECONDS, FIXED_RATE_CONNECTIONS);
    await drain(platform);
    const keptTail = await measure(kept, FIXED_RATE_SECONDS, FIXED_RATE_CONNECTIONS);
    await drain(kept);
    const fullTail = await measure(full, FULL_RATE_SECONDS, FULL_CONNECTIONS);
    await drain(full);
    const errorLines = (servers.server?.output() ?? '')
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line)).length;

    const asked = FIXED_RATE * FIXED_RATE_SECONDS;
    console.log(
      `\n== Leaderboard, PostgreSQL, ${entries.toLocaleString('en-GB')} entries, ranking cache off`,
    );
    console.log(`  seeded in ${seedSeconds.toFixed(1)} s (kept figures written once at the end)`);
    console.log(
      `  board: ${board.places.length} places of ${board.totalEntries} entries, the caller's entry at rank ` +
        `${mine.rank}; the same from the bare index reads and the full ranking`,
    );
    console.log(
      `  one request at a time (median): platform ${unloaded.platform.toFixed(1)} ms, bare index reads ` +
        `${unloaded.kept.toFixed(1)} ms, bare full ranking ${unloaded.full.toFixed(0)} ms`,
    );
    console.log(`  at ${FIXED_RATE} req/s:`);
    console.log(
      `    platform (${FIXED_RATE_CONNECTIONS} connections, ${FIXED_RATE_SECONDS} s): ` +
        summary(platformTail, asked, GOAL_MS(entries)),
    );
    console.log(
      `    bare index reads (${FIXED_RATE_CONNECTIONS} connections, ${FIXED_RATE_SECONDS} s): ` +
        summary(keptTail, asked),
    );
    console.log(
      `    bare full ranking (${FULL_CONNECTIONS} connections, ${FULL_RATE_SECONDS} s): ` +
        summary(fullTail, FIXED_RATE * FULL_RATE_SECONDS),
    );
    console.log(
      `    p99 ratio platform / bare index reads: ` +
        `${keptTail.p99 > 0 ? (platformTail.p99 / keptTail.p99).toFixed(2) : 'n/a'}; ` +
        `goal p99 ≤ ${GOAL_MS(entries)} ms; error lines in the platform's log: ${errorLines}`,
    );
  } finally {
    for (const child of servers.bare) child.kill('SIGTERM');
    await servers.server?.stop();
    await servers.server?.cleanup();
    await postgres.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await buildServer();
for (const entries of SIZES) await benchmark(entries);
