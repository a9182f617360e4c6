import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The end-to-end build (`npm run build:e2e`): the production build plus the widget gallery. */
export const e2eWebBuild = join(root, 'apps/web/dist-e2e');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  cleanup: () => Promise<void>;
};

export type SpawnOptions = {
  /** Writes the server's output to this file instead of keeping it in memory (for long, busy runs). */
  logFile?: string;
};

/**
 * For a journey that waits on the worker's recurring looks (scoring, approval at a review deadline, pay per
 * view, prizes, originality, payouts), up to a minute apart by default: what it proves is what a look
 * does, not how long the look waits. Other journeys keep the default and its quieter server.
 */
export const PROMPT_WORKER = { JOBS_POLL_MAX_SECONDS: '5' };

/**
 * Starts the real server as `npm start` runs it (the compiled `apps/server/dist/main.js`, built by
 * `node scripts/build-server.mjs`) as its own process on 127.0.0.1.
 */
export function spawnServer(environment: Record<string, string>, options: SpawnOptions = {}) {
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: e2eWebBuild,
      ...environment,
    },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== undefined) closeSync(logFd);
  let captured = '';
  child.stdout?.on('data', (chunk: Buffer) => (captured += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (captured += chunk.toString()));
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') : captured);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/**
 * Names a data directory that a stopped server left migrated and seeded (`global-setup.ts`): a server
 * started without a DATA_DIR of its own starts on a copy of it, as it would on a fresh one, but without
 * the migrations' seconds.
 */
export const DATA_DIR_TEMPLATE_VARIABLE = 'E2E_DATA_DIR_TEMPLATE';

async function freshDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-e2e-'));
  const template = process.env[DATA_DIR_TEMPLATE_VARIABLE];
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}

export async function startServer(
  environment: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<RunningServer> {
  const dataDir = environment.DATA_DIR ?? (await freshDataDir());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output, exited } = spawnServer(
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...environment,
    },
    options,
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir,
    process: child,
    output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    cleanup: async () => {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      if (!environment.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
