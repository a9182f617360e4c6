// Load measurements, run by hand (`npm run bench`). The authenticated read (GET /server-api/creator/profile
// through the whole stack: token check, session revocation check, flood limit, validation, request logging
// at the default level) is measured against a bare `node:http` server doing the same primary-key read of
// the same row with the database driver alone, in alternating rounds, so the ratio means something on any
// machine; each server's CPU time per request (from /proc) is printed beside it, a figure that other work
// on a shared machine moves far less. Then both are held at a fixed 1,000 requests/s to read the latency
// tail. Once on PostgreSQL (a fresh database on BENCH_POSTGRES_URL), once on the embedded PGlite. Traffic
// goes to 127.0.0.1 only.
import autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { buildServer } from '../scripts/build-server.mjs';
import { startServer } from '../e2e/support/server';
import { currentTermsId } from './current-terms';
import { accountIdOf, cpuMicroseconds, median, startBareServer } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const FIXED_RATE_ROUNDS = 3;
const FIXED_RATE_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const FIXED_RATE = Number(process.env.BENCH_FIXED_RATE ?? 1000);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as DatabaseKind[];
/** When set, the run fails if the PostgreSQL ratio is below it (for use as a gate). */
const MINIMUM_RATIO = process.env.BENCH_MIN_RATIO ? Number(process.env.BENCH_MIN_RATIO) : undefined;

type DatabaseKind = 'postgres' | 'pglite';
type Result = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time per answered request, in microseconds (where /proc tells it). */
  cpuPerRequest: number | undefined;
};

async function measure(
  url: string,
  headers: Record<string, string>,
  options: { seconds: number; rate?: number; pid?: number | undefined },
): Promise<Result> {
  const cpuBefore = cpuMicroseconds(options.pid);
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuPerRequest:
      cpuBefore === undefined || result.requests.total === 0
        ? undefined
        : ((cpuMicroseconds(options.pid) ?? cpuBefore) - cpuBefore) / result.requests.total,
  };
}

async function benchmark(kind: DatabaseKind): Promise<number> {
  const workDir = await mkdtemp(join(tmpdir(), 'platform-bench-'));
  const postgres = kind === 'postgres' ? await createScratchDatabase(POSTGRES_URL, 'bench') : undefined;
  const logFile = join(workDir, 'server.log');
  // The flood limit stays in the path, lifted so that one load generator is not refused.
  const server = await startServer(
    {
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      DATA_DIR: join(workDir, 'data'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    { logFile },
  );
  let bare: { url: string; process: ChildProcess } | undefined;
  try {
    const email = 'load.test@example.com';
    const password = 'Bench-Harbour-73!';
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(body) });
    await form('/api/auth/sign-up', {
      username: email,
      password,
      tncVersion: await currentTermsId(server.url),
    });
    const signIn = (await (await form('/api/auth/sign-in', { username: email, password })).json()) as {
      id_token?: string;
    };
    if (!signIn.id_token) throw new Error('could not sign in for the authenticated read');
    const bearer = { authorization: `Bearer ${signIn.id_token}` };
    const profileUrl = `${server.url}/server-api/creator/profile`;

    bare = await startBareServer('./bare-read-server.ts', '/profile', {
      ACCOUNT_ID: accountIdOf(signIn.id_token),
      ACCOUNT_EMAIL: email,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });

    await measure(bare.url, {}, { seconds: 2 });
    await measure(profileUrl, bearer, { seconds: 2 });
    const ratios: number[] = [];
    const rounds: { bare: Result; platform: Result }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bareResult = await measure(bare.url, {}, { seconds: DURATION_SECONDS, pid: bare.process.pid });
      const platformResult = await measure(profileUrl, bearer, {
        seconds: DURATION_SECONDS,
        pid: server.process.pid,
      });
      rounds.push({ bare: bareResult, platform: platformResult });
      ratios.push(platformResult.requestsPerSecond / bareResult.requestsPerSecond);
    }
    // The latency tail at a steady 1,000 requests/s, in alternating rounds: the median round's p99.
    const bareTails: Result[] = [];
    const platformTails: Result[] = [];
    for (let round = 0; round < FIXED_RATE_ROUNDS; round += 1) {
      bareTails.push(await measure(bare.url, {}, { seconds: FIXED_RATE_SECONDS, rate: FIXED_RATE }));
      platformTails.push(
        await measure(profileUrl, bearer, { seconds: FIXED_RATE_SECONDS, rate: FIXED_RATE }),
      );
    }
    const tail = (results: Result[]) =>
      `p50 ${median(results.map((result) => result.p50))} ms, p99 ${median(results.map((result) => result.p99))} ms (rounds: ${results.map((result) => result.p99).join(', ')})`;

    const problems = rounds
      .flatMap(({ platform }) => [platform.non2xx, platform.errors])
      .reduce((a, b) => a + b);
    const errorLines = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line)).length;

    console.log(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    console.log(`${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s`);
    rounds.forEach(({ bare: b, platform: p }, index) =>
      console.log(
        `  round ${index + 1}: bare ${b.requestsPerSecond.toFixed(0)} req/s, platform ${p.requestsPerSecond.toFixed(0)} req/s, ratio ${(ratios[index] ?? 0).toFixed(2)}`,
      ),
    );
    console.log(`  authenticated-read ratio (median): ${median(ratios).toFixed(2)}`);
    const cpu = (side: 'bare' | 'platform') => {
      const values = rounds.flatMap((round) => round[side].cpuPerRequest ?? []);
      return values.length > 0 ? `${median(values).toFixed(0)} µs` : 'n/a';
    };
    console.log(
      `  server CPU time per request (median round, user + system): platform ${cpu('platform')}, bare ${cpu('bare')}`,
    );
    console.log(`  at ${FIXED_RATE} req/s, platform: ${tail(platformTails)}`);
    console.log(`  at ${FIXED_RATE} req/s, bare:     ${tail(bareTails)}`);
    console.log(`  platform non-2xx or failed requests: ${problems}; error lines in its log: ${errorLines}`);
    return median(ratios);
  } finally {
    bare?.process.kill('SIGTERM');
    await server.stop();
    await server.cleanup();
    await postgres?.drop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await buildServer();
const ratios = new Map<DatabaseKind, number>();
for (const kind of DATABASES) ratios.set(kind, await benchmark(kind));

const postgresRatio = ratios.get('postgres');
if (MINIMUM_RATIO !== undefined && postgresRatio !== undefined && postgresRatio < MINIMUM_RATIO) {
  console.error(`\nThe PostgreSQL ratio ${postgresRatio.toFixed(2)} is below ${MINIMUM_RATIO}.`);
  process.exit(1);
}
