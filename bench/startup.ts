// Cold start and idle memory of the server process, run as `npm start` runs it (the compiled bundle) and
// as development runs it (TypeScript through tsx), on PGlite and on PostgreSQL. Cold start is the time
// from spawning the process to the first 200 from /readyz: once on an empty database (the first start,
// which creates and migrates it) and then the median of several restarts. Idle memory is the resident
// set a few seconds after the server is ready.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database';
import { buildServer, SERVER_ENTRY } from '../scripts/build-server.mjs';
import { freePort } from '../e2e/support/server';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const IDLE_SECONDS = 3;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = fileURLToPath(new URL('..', import.meta.url));

const MODES = [
  { name: 'compiled (npm start)', args: ['--enable-source-maps', SERVER_ENTRY] },
  { name: 'tsx (development)', args: ['--import', 'tsx', join(root, 'apps/server/src/main.ts')] },
];

type Start = { readyMs: number; idleRssMb: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function residentMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
}

async function startOnce(args: string[], environment: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...environment },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited during start (${child.exitCode})`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (performance.now() - started > 60_000) throw new Error('the server did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { readyMs, idleRssMb: residentMegabytes(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function measure(kind: 'pglite' | 'postgres', mode: (typeof MODES)[number]): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-startup-'));
  const postgres = kind === 'postgres' ? await createScratchDatabase(POSTGRES_URL, 'startup') : undefined;
  const environment: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  try {
    const first = await startOnce(mode.args, environment);
    const restarts: Start[] = [];
    for (let run = 0; run < RESTARTS; run += 1) restarts.push(await startOnce(mode.args, environment));
    return (
      `  ${mode.name.padEnd(22)} first start ${first.readyMs.toFixed(0).padStart(5)} ms, ` +
      `restart ${median(restarts.map((start) => start.readyMs))
        .toFixed(0)
        .padStart(5)} ms (median of ${RESTARTS}), ` +
      `idle ${median(restarts.map((start) => start.idleRssMb)).toFixed(0)} MB resident`
    );
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await buildServer();
for (const kind of ['pglite', 'postgres'] as const) {
  console.log(`\n== server start, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`);
  for (const mode of MODES) console.log(await measure(kind, mode));
}
