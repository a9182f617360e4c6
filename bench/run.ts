// Load measurements, run by hand (`npm run bench`). Each scenario runs against the real server process
// and against a bare Fastify server started in the same process tree, and prints the ratio, so the
// numbers mean something on any machine. Traffic goes to 127.0.0.1 only, for a bounded time.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from '../e2e/support/server';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

type Result = { requestsPerSecond: number; p99: number; non2xx: number; errors: number };

async function measure(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const baselinePort = await freePort();
  const baseline = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./baseline-server.ts', import.meta.url))],
    {
      env: { ...process.env, PORT: String(baselinePort) },
      stdio: 'inherit',
    },
  );
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(`${baselineUrl}/hello`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' });
  try {
    const email = 'load.test@example.com';
    const password = 'Bench-Harbour-73!';
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(body) });
    await form('/api/auth/sign-up', { username: email, password, tncVersion: '2026-11-01' });
    const signIn = (await (await form('/api/auth/sign-in', { username: email, password })).json()) as {
      id_token?: string;
    };
    if (!signIn.id_token) throw new Error('could not sign in for the authenticated scenario');
    const bearer = { authorization: `Bearer ${signIn.id_token}` };

    const bare = await measure(`${baselineUrl}/hello`);
    const scenarios: [string, Result][] = [
      ['GET /healthz (process up)', await measure(`${server.url}/healthz`)],
      ['GET /readyz (one database round trip)', await measure(`${server.url}/readyz`)],
      [
        'GET /server-api/creator/profile (token + session check + query)',
        await measure(`${server.url}/server-api/creator/profile`, bearer),
      ],
    ];

    console.log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, database: embedded PGlite`);
    console.log(`baseline (bare Fastify): ${bare.requestsPerSecond.toFixed(0)} req/s, p99 ${bare.p99} ms\n`);
    for (const [name, result] of scenarios) {
      const ratio = result.requestsPerSecond / bare.requestsPerSecond;
      console.log(
        `${name}\n  ${result.requestsPerSecond.toFixed(0)} req/s (${(ratio * 100).toFixed(1)}% of baseline), p99 ${result.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
    }
  } finally {
    await server.stop();
    await server.cleanup();
    baseline.kill('SIGTERM');
  }
}

await main();
