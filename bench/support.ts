import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freePort } from '../e2e/support/server';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Waits until `url` answers 2xx, up to `seconds`. */
export async function waitUntilAnswering(url: string, seconds = 20): Promise<void> {
  for (let attempt = 0; attempt < seconds * 10; attempt += 1) {
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Starts one of the bare `node:http` servers beside this file (`script`), which answers `path` with the
 * driver alone, and waits until it does.
 */
export async function startBareServer(
  script: string,
  path: string,
  environment: Record<string, string>,
  options: { seconds?: number } = {},
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))],
    {
      env: { ...process.env, ...environment, PORT: String(port) },
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}${path}`;
  await waitUntilAnswering(url, options.seconds);
  return { url, process: child };
}

/** The account an access token was issued to (its `sub`), read without checking it: the bench made it. */
export function accountIdOf(idToken: string): string {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return payload.sub;
}

export type DatabaseKind = 'postgres' | 'pglite';

/**
 * Runs a seeding script through the database driver alone, while no server holds the database (PGlite is
 * one process's): `location` is the PostgreSQL URL or the PGlite data directory. Answers the seconds it took.
 */
export async function seedThroughDriver(
  kind: DatabaseKind,
  location: string,
  script: string,
): Promise<number> {
  const started = performance.now();
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      await client.query(script);
    } finally {
      await client.end();
    }
  } else {
    const db = await PGlite.create(location);
    try {
      await db.exec(script);
    } finally {
      await db.close();
    }
  }
  return (performance.now() - started) / 1000;
}

/** One request at a time: the median of what one answer costs on an idle server, in milliseconds. */
export async function unloadedMedian(
  url: string,
  headers: Record<string, string>,
  count: number,
): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far (user and system, all its threads), in microseconds, from Linux's
 * /proc; undefined where there is none. Read around a round, it says what a request cost the process
 * whatever else the machine was doing, which a rate measured on a shared machine does not.
 */
export function cpuMicroseconds(pid: number | undefined): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return undefined;
  // The fields after the command name (which may hold spaces) are space-separated; utime and stime are
  // the 14th and 15th of the line.
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : undefined;
}
