import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, startServer, type RunningServer } from './support/server';

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.cleanup()));
});

type Outcome = { status: number } | { error: string; accepted: boolean };

/** One GET over a keep-alive agent; `accepted` tells whether the request reached an open connection. */
function get(url: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    let accepted = false;
    const request = httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.on('error', (error) => resolve({ error: error.message, accepted: true }));
    });
    request.on('socket', (socket) => {
      // A kept-alive socket is reused, already connected: listening for its connect again would pile up.
      if (!socket.connecting) accepted = true;
      else socket.once('connect', () => (accepted = true));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, accepted: accepted && error.code !== 'ECONNREFUSED' }),
    );
    request.end();
  });
}

/** Waits until `condition` holds or a minute has passed (the assertions after it then say what fell short). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('the server process', () => {
  it('drains on SIGTERM under load: every request sent is answered, none is cut, and it exits 0', async () => {
    const server = await startServer();
    servers.push(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    const outcomes: Outcome[] = [];
    let running = true;
    const workers = Array.from({ length: 32 }, async () => {
      while (running) {
        const outcome = await get(`${server.url}/readyz`, agent);
        outcomes.push(outcome);
        // Like a load balancer: a 503 or a refused connection means this server is going away.
        if (('status' in outcome && outcome.status === 503) || ('error' in outcome && !outcome.accepted))
          break;
      }
    });
    // Under load, not after a fixed time: on a busy machine 1.5 s may see only a few requests answered.
    await until(() => outcomes.length > 100);
    const answeredBeforeStop = outcomes.length;
    const exitCode = await server.stop('SIGTERM');
    running = false;
    await Promise.all(workers);
    agent.destroy();

    expect(exitCode).toBe(0);
    expect(answeredBeforeStop).toBeGreaterThan(100);
    const statuses = new Set(
      outcomes.filter((outcome) => 'status' in outcome).map((outcome) => outcome.status),
    );
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const failedInFlight = outcomes.filter((outcome) => 'error' in outcome && outcome.accepted);
    expect(failedInFlight).toEqual([]);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).toContain('"msg":"stopped"');
  });

  it('refuses a second server on the same data directory, and the first keeps working', async () => {
    const first = await startServer();
    servers.push(first);
    const second = spawnServer({ DATA_DIR: first.dataDir, PORT: '0' });
    const exitCode = await second.exited;
    expect(exitCode).toBe(1);
    expect(second.output()).toContain('is in use by another server process');
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await first.stop()).toBe(0);
  });

  it('stops at once with a message naming a bad variable', async () => {
    const bad = spawnServer({ PORT: 'eighty', DATA_DIR: '/tmp/never-used' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT: /);
  });

  it('drains and exits 0 when a process manager sends SIGTERM to the top `npm start` process', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'platform-npm-start-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const npm = spawn('npm', ['start'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      for (let attempt = 0; attempt < 900; attempt += 1) {
        const ready = await fetch(`${url}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const outcomes: Outcome[] = [];
      let running = true;
      const workers = Array.from({ length: 8 }, async () => {
        while (running) {
          const outcome = await get(`${url}/readyz`, agent);
          outcomes.push(outcome);
          if (('status' in outcome && outcome.status === 503) || ('error' in outcome && !outcome.accepted))
            break;
        }
      });
      await until(() => outcomes.length > 20);
      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      running = false;
      await Promise.all(workers);
      agent.destroy();

      expect(outcomes.length).toBeGreaterThan(20);
      expect(outcomes.filter((outcome) => 'error' in outcome && outcome.accepted)).toEqual([]);
      const listening = await fetch(`${url}/readyz`).then(
        () => true,
        () => false,
      );
      expect(listening).toBe(false);
      // The data directory is free: another server takes it and answers.
      const next = await startServer({ DATA_DIR: dataDir });
      servers.push(next);
      expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
      expect(await next.stop()).toBe(0);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
