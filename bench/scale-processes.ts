// The processes `npm run bench:scale` runs: API processes and a worker of the compiled server (as
// `npm start` runs it), and Debian's nginx in front of the API processes, each a child of the bench,
// stopped by its process id when the bench ends, fails or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/server';
import { waitUntilAnswering } from './support';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = join(root, 'apps/server/dist/main.js');
export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

export type Child = { name: string; process: ChildProcess; log: string; exited: Promise<void> };
export type ApiProcess = Child & { port: number; url: string };

const children = new Set<Child>();

function track(name: string, child: ChildProcess, log: string): Child {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const tracked = { name, process: child, log, exited };
  children.add(tracked);
  void exited.then(() => children.delete(tracked));
  return tracked;
}

/** Ends one child by its pid: SIGTERM (the server drains), then SIGKILL if it is still there. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const killed = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(killed);
}

/** Every child still running, stopped together, each by its own pid. */
export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/**
 * Interrupted (Ctrl-C, SIGTERM), the bench still stops what it started before it exits; `cleanUp` then
 * drops the scratch database and the temporary files.
 */
export function stopOnSignals(cleanUp: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping every process the bench started`);
      void stopAll()
        .then(cleanUp)
        .finally(() => process.exit(130));
    });
  }
}

function spawnLogged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, log: string) {
  const fd = openSync(log, 'a');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return track(name, child, log);
}

/** One process of the compiled server with `role`, its output in a log file under `logDir`. */
export async function startServerProcess(
  name: string,
  role: 'api' | 'worker',
  environment: Record<string, string>,
  logDir: string,
): Promise<Child | ApiProcess> {
  const port = role === 'api' ? await freePort() : 0;
  const log = join(logDir, `${name}.log`);
  const child = spawnLogged(
    name,
    process.execPath,
    ['--enable-source-maps', SERVER_ENTRY],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      ...environment,
      ROLE: role,
      PORT: String(port),
    },
    log,
  );
  if (role === 'worker') {
    await waitForLine(child, /"msg":"ready at /, 60);
    return child;
  }
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitUntilAnswering(`${url}/readyz`, 60),
    child.exited.then(() => {
      throw new Error(`${name} exited during start:\n${readFileSync(log, 'utf8')}`);
    }),
  ]);
  return { ...child, port, url };
}

/** A worker serves no HTTP: its log says when it is ready. */
async function waitForLine(child: Child, line: RegExp, seconds: number): Promise<void> {
  for (let waited = 0; waited < seconds * 10; waited += 1) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited during start:\n${readFileSync(child.log, 'utf8')}`);
    }
    if (line.test(readFileSync(child.log, 'utf8'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not start within ${seconds} s:\n${readFileSync(child.log, 'utf8')}`);
}

/** Lines of a process's log at level error (50) or fatal (60). */
export function errorLines(child: Child): string[] {
  return readFileSync(child.log, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));
}

/**
 * The proxy of deploy/nginx.conf with the bench's own paths, ports and no access log. One thing more is
 * the bench's own: nginx takes the client's address from the load generator's X-Forwarded-For
 * (`set_real_ip_from 127.0.0.1`), so that each simulated person arrives from an address of their own, as
 * people do, instead of all from 127.0.0.1; the API processes then see it as they would behind a
 * deployment's proxy.
 */
export function nginxConfig(directory: string, port: number, upstreams: ApiProcess[]): string {
  return `daemon off;
worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${directory}/client_body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  upstream platform_api {
    least_conn;
${upstreams.map((api) => `    server 127.0.0.1:${api.port} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    client_max_body_size 11m;
    location / {
      proxy_pass http://platform_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 130s;
      proxy_send_timeout 130s;
    }
  }
}
`;
}

export type Nginx = Child & { url: string; route: (upstreams: ApiProcess[]) => Promise<void> };

/** Debian's nginx in the foreground, on a free port, with its own config, pid file and temporary paths. */
export async function startNginx(directory: string, upstreams: ApiProcess[]): Promise<Nginx> {
  await mkdir(directory, { recursive: true });
  const port = await freePort();
  const configFile = join(directory, 'nginx.conf');
  const args = ['-e', join(directory, 'error.log'), '-p', directory, '-c', configFile];
  const test = async () => {
    const tested = spawnLogged(
      'nginx -t',
      NGINX,
      ['-t', '-q', ...args],
      process.env,
      join(directory, 't.log'),
    );
    await tested.exited;
    if (tested.process.exitCode !== 0) {
      throw new Error(`nginx -t refused the config:\n${readFileSync(tested.log, 'utf8')}`);
    }
  };
  await writeFile(configFile, nginxConfig(directory, port, upstreams));
  await test();
  const child = spawnLogged('nginx', NGINX, args, process.env, join(directory, 'nginx.log'));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/readyz`, 20);
  return {
    ...child,
    url,
    // A new config and SIGHUP: nginx starts new workers on it and lets the old ones finish their requests.
    async route(next) {
      await writeFile(configFile, nginxConfig(directory, port, next));
      await test();
      child.process.kill('SIGHUP');
      // The old worker finishes what it holds while the new one starts on the new upstreams.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await waitUntilAnswering(`${url}/readyz`, 20);
    },
  };
}
