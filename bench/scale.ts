// Scale-out, measured (`npm run bench:scale`): Debian's nginx in front of 1, then 2, then 3 API processes
// (ROLE=api) of the compiled server and one worker (ROLE=worker), on PostgreSQL (a scratch database on
// BENCH_POSTGRES_URL), Redis (an empty database number of BENCH_REDIS_URL, emptied again at the end) and
// an S3 server (s3rver). Simulated creators read the campaigns, a campaign and its board of
// BENCH_SCALE_CREATORS entries, and enter posts by link; reviewers approve the entries. Each process
// count gets the same rounds; then what crossed processes is checked.
//
// What two cores can show: every process here (the API processes, the worker, nginx, PostgreSQL, Redis,
// s3rver and the load generator itself) competes for the same two cores, so a second or third API process
// cannot add a core of its own, only take a bigger share of the two from the rest; the throughput barely
// moves, or drops as the processes contend. What the run can measure is what one request costs each part
// in CPU, read from /proc, and that is what predicts a machine with more cores: the bench prints it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startS3rver, type S3rverHandle } from '../apps/server/src/test/s3rver';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { buildServer } from '../scripts/build-server.mjs';
import { cpuBetween, type CpuSources } from './scale-cpu';
import {
  rateLimitsShared,
  readingVisibleAtOnce,
  sessionsEverywhere,
  slotsNotOverAwarded,
  type Check,
} from './scale-checks';
import { runMix, type MixResult, type Person } from './scale-load';
import {
  errorLines,
  startNginx,
  startServerProcess,
  stopAll,
  stopOnSignals,
  type ApiProcess,
  type Child,
  type Nginx,
} from './scale-processes';
import { printChecks, printPrediction, printRounds, type Round } from './scale-report';
import { addressOf, seedWorld, signIn, type World } from './scale-world';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CREATORS = Number(process.env.BENCH_SCALE_CREATORS ?? 2_000);
const LOAD_CREATORS = Number(process.env.BENCH_SCALE_USERS ?? 32);
const REVIEWERS = Number(process.env.BENCH_SCALE_REVIEWERS ?? 2);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
const MAX_PROCESSES = 3;
const SLOTS = 5;
const SLOT_RACERS = 24;
const OTHER_CAMPAIGNS = 8;

type Stack = {
  apis: ApiProcess[];
  worker: Child;
  nginx: Nginx;
  world: World;
  seedSeconds: number;
  databaseUrl: string;
  redis: Redis;
};

/** A Redis database number nobody uses now, so the bench's counts meet no one else's keys. */
async function emptyRedisDatabase(): Promise<number> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await probe.connect();
  try {
    const keyspace = await probe.info('keyspace');
    const databases = Number((await probe.config('GET', 'databases'))[1] ?? 16);
    const free = Array.from({ length: databases - 1 }, (_, index) => index + 1).filter(
      (db) => !keyspace.includes(`db${db}:`),
    );
    const chosen = free[Math.floor(Math.random() * free.length)];
    if (chosen === undefined) throw new Error(`every database of ${REDIS_URL} holds keys`);
    return chosen;
  } finally {
    probe.disconnect();
  }
}

async function startStack(workDir: string, databaseUrl: string, s3: S3rverHandle, redisDb: number) {
  const environment = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: `${REDIS_URL}/${redisDb}`,
    S3_BUCKET: s3.options.bucket,
    S3_ACCESS_KEY_ID: s3.options.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
    S3_ENDPOINT: s3.options.endpoint,
    S3_REGION: s3.options.region,
    S3_FORCE_PATH_STYLE: 'true',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PAYOUT_DETAILS_KEY: randomBytes(32).toString('base64'),
    TRUST_PROXY: 'true',
    LEADERBOARD_CACHE_SECONDS: '0',
    POST_LINK_RESOLUTION: 'off',
    DATA_DIR: join(workDir, 'data'),
  };
  // The first process migrates the empty database alone; the others start on the migrated one.
  const first = (await startServerProcess('api-1', 'api', environment, workDir)) as ApiProcess;
  const seeded = await seedWorld({
    apiUrl: first.url,
    apiLog: first.log,
    databaseUrl,
    creatorCount: CREATORS,
    staffCount: REVIEWERS,
    otherCampaigns: OTHER_CAMPAIGNS,
    slots: SLOTS,
  });
  const worker = await startServerProcess('worker', 'worker', environment, workDir);
  const apis = [first];
  for (let index = 2; index <= MAX_PROCESSES; index += 1) {
    apis.push((await startServerProcess(`api-${index}`, 'api', environment, workDir)) as ApiProcess);
  }
  const nginx = await startNginx(join(workDir, 'nginx'), apis);
  const redis = new Redis(`${REDIS_URL}/${redisDb}`);
  return { apis, worker, nginx, world: seeded.world, seedSeconds: seeded.seconds, databaseUrl, redis };
}

/** Signs people in through nginx, a few at a time, each from an address of their own. */
async function signInAll<Someone extends { email: string }>(
  gateway: string,
  people: Someone[],
  firstIndex: number,
): Promise<(Someone & Person)[]> {
  const signedIn: (Someone & Person)[] = [];
  for (let start = 0; start < people.length; start += 4) {
    const batch = people.slice(start, start + 4).map(async (person, offset) => {
      const address = addressOf(firstIndex + start + offset);
      return { ...person, token: await signIn(gateway, person.email, address), address };
    });
    signedIn.push(...(await Promise.all(batch)));
  }
  return signedIn;
}

async function measureRounds(stack: Stack, creators: Person[], reviewers: Person[]): Promise<Round[]> {
  const sources: CpuSources = {
    apiPids: () => stack.apis.map((api) => api.process.pid ?? 0),
    workerPid: stack.worker.process.pid ?? 0,
    nginxPid: stack.nginx.process.pid ?? 0,
    databaseUrl: stack.databaseUrl,
    databaseName: new URL(stack.databaseUrl).pathname.slice(1),
    redis: stack.redis,
  };
  const campaigns = { board: stack.world.boardCampaignId, entries: stack.world.entriesCampaignId };
  const mix = (seconds: number) =>
    runMix({ baseUrl: stack.nginx.url, seconds, campaigns, creators, reviewers });
  // Every process serves a while before anything is measured, so none is measured cold.
  await stack.nginx.route(stack.apis);
  await mix(5);
  const rounds: Round[] = [];
  // Every other round runs the counts backwards, so a machine growing busier or quieter during the run
  // (other people share it) does not favour one count.
  const counts = Array.from({ length: MAX_PROCESSES }, (_, index) => index + 1);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const processes of round % 2 === 1 ? counts : [...counts].reverse()) {
      await stack.nginx.route(stack.apis.slice(0, processes));
      let result: MixResult | undefined;
      const cpu = await cpuBetween(sources, async () => {
        result = await mix(SECONDS);
      });
      if (!result) throw new Error('the round measured nothing');
      rounds.push({ round, processes, result, cpu });
      console.log(`  round ${round}, ${processes} API process${processes > 1 ? 'es' : ''}: done`);
    }
  }
  return rounds;
}

async function runChecks(stack: Stack, reviewers: Person[]): Promise<Check[]> {
  const { apis, world } = stack;
  const spare = world.creators.slice(LOAD_CREATORS);
  const [sessionCreator, limitCreator, readingCreator] = spare;
  if (!sessionCreator || !limitCreator || !readingCreator) throw new Error('too few creators for the checks');
  const racers = await signInAll(stack.nginx.url, spare.slice(3, 3 + SLOT_RACERS), 20_000);
  const [reader] = await signInAll(stack.nginx.url, [readingCreator], 30_000);
  const [reviewer] = reviewers;
  if (!reader || !reviewer) throw new Error('no reader or reviewer');
  return [
    await sessionsEverywhere(apis, sessionCreator, addressOf(40_000)),
    await rateLimitsShared(apis, limitCreator, stack.redis),
    await slotsNotOverAwarded({
      apis,
      gateway: stack.nginx.url,
      world,
      racers,
      reviewers,
      databaseUrl: stack.databaseUrl,
    }),
    await readingVisibleAtOnce({
      apis,
      world,
      creator: reader,
      reviewer,
    }),
  ];
}

async function bench(workDir: string, databaseUrl: string, s3: S3rverHandle, redisDb: number) {
  const stack = await startStack(workDir, databaseUrl, s3, redisDb);
  try {
    const creators = await signInAll(stack.nginx.url, stack.world.creators.slice(0, LOAD_CREATORS), 100);
    const reviewers = await signInAll(stack.nginx.url, stack.world.staff, 10);
    console.log(
      `\n== Scale-out: nginx in front of 1, 2 and 3 API processes and one worker, on PostgreSQL, Redis ` +
        `(database ${redisDb}) and s3rver`,
    );
    console.log(
      `  machine: ${cpus().length} cores, load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} at the start (other people's work included)`,
    );
    console.log(
      `  world: ${CREATORS.toLocaleString('en-GB')} active creators, each with an approved entry and a ` +
        `reading on the board read; ${stack.world.staff.length} reviewers; ${OTHER_CAMPAIGNS + 3} live funded campaigns; ` +
        `seeded in ${stack.seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `  mix: ${LOAD_CREATORS} creators (the campaigns, the campaign, its board with the cache off, and a ` +
        `new entry by post link every third time round) and ${REVIEWERS} reviewers (the review queue, ` +
        `approving), each sending its next request when the last is answered, ${ROUNDS} rounds of ` +
        `${SECONDS} s per process count`,
    );
    const rounds = await measureRounds(stack, creators, reviewers);
    printRounds(rounds);
    printPrediction(rounds);
    const checks = await runChecks(stack, reviewers);
    const logged = [...stack.apis, stack.worker].map((child) => `${child.name} ${errorLines(child).length}`);
    printChecks(checks, logged.join(', '));
    if (checks.some((check) => !check.held)) process.exitCode = 1;
  } finally {
    await stopAll();
    stack.redis.disconnect();
  }
}

async function emptyAgain(redisDb: number): Promise<void> {
  const redis = new Redis(`${REDIS_URL}/${redisDb}`, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}

if (CREATORS < LOAD_CREATORS + 3 + SLOT_RACERS) {
  throw new Error(`BENCH_SCALE_CREATORS must be at least ${LOAD_CREATORS + 3 + SLOT_RACERS}`);
}
await buildServer();
const workDir = await mkdtemp(join(tmpdir(), 'platform-bench-scale-'));
const postgres = await createScratchDatabase(POSTGRES_URL, 'bench_scale');
const s3 = await startS3rver('platform-scale');
const redisDb = await emptyRedisDatabase();
const cleanUp = async () => {
  await s3.stop().catch(() => undefined);
  await postgres.drop().catch(() => undefined);
  await emptyAgain(redisDb).catch(() => undefined);
  await rm(workDir, { recursive: true, force: true });
};
stopOnSignals(cleanUp);
try {
  await bench(workDir, postgres.url, s3, redisDb);
} finally {
  await stopAll();
  await cleanUp();
}
