// Where the CPU went during a round of `npm run bench:scale`, read from /proc (Linux): the API processes,
// the worker, nginx, the PostgreSQL backends serving the bench's database, Redis, the load generator, and
// the whole machine. What a request costs each of them is what says how the figures grow with cores.
import { readFileSync, readdirSync } from 'node:fs';
import type { Redis } from 'ioredis';
import pg from 'pg';

/** Linux counts process CPU time in clock ticks of 1/100 s (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

export type CpuPart = 'api' | 'worker' | 'nginx' | 'postgres' | 'redis' | 'load generator' | 'machine';
export type CpuSample = Map<CpuPart, number>;

function processSeconds(pid: number): number {
  try {
    // The command name, in parentheses, may hold spaces: the fields are counted after its end.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** A process and its children (nginx's workers), by their parent pid in /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => {
      try {
        const stat = readFileSync(`/proc/${candidate}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
}

/** Busy seconds of every core together since boot, from /proc/stat: everyone's work, not only the bench's. */
function machineSeconds(): number {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

async function redisSeconds(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const value = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return value('used_cpu_user') + value('used_cpu_sys');
}

export type CpuSources = {
  apiPids: () => number[];
  workerPid: number;
  nginxPid: number;
  databaseUrl: string;
  databaseName: string;
  redis: Redis;
};

/** The PostgreSQL backends connected to the bench's database now: the server runs on this machine. */
async function backendPids(sources: CpuSources): Promise<number[]> {
  const client = new pg.Client({ connectionString: sources.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [sources.databaseName],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export async function sampleCpu(sources: CpuSources, backends: Map<number, number>): Promise<CpuSample> {
  for (const pid of await backendPids(sources)) backends.set(pid, processSeconds(pid));
  const own = process.cpuUsage();
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + processSeconds(pid), 0);
  return new Map<CpuPart, number>([
    ['api', sum(sources.apiPids())],
    ['worker', processSeconds(sources.workerPid)],
    ['nginx', sum([sources.nginxPid, ...childrenOf(sources.nginxPid)])],
    ['postgres', [...backends.values()].reduce((a, b) => a + b, 0)],
    ['redis', await redisSeconds(sources.redis)],
    ['load generator', (own.user + own.system) / 1e6],
    ['machine', machineSeconds()],
  ]);
}

/**
 * What each part used between two samples, and the seconds between them. The PostgreSQL backends are
 * those connected at either sample: one that both opened and closed in between is missed, and one that
 * closed counts nothing of the round (the pools keep their connections while they are busy). PostgreSQL's
 * shared writers (WAL, checkpoints) are not counted.
 */
export async function cpuBetween(
  sources: CpuSources,
  measure: () => Promise<void>,
): Promise<{ used: Map<CpuPart, number>; seconds: number }> {
  const before = new Map<number, number>();
  const start = await sampleCpu(sources, before);
  const started = performance.now();
  const startBackends = new Map(before);
  await measure();
  const after = new Map(startBackends);
  const end = await sampleCpu(sources, after);
  const seconds = (performance.now() - started) / 1000;
  const backendUse = [...after].reduce((sum, [pid, used]) => sum + used - (startBackends.get(pid) ?? 0), 0);
  const used = new Map(
    [...end].map(([part, total]) => [
      part,
      part === 'postgres' ? backendUse : Math.max(0, total - (start.get(part) ?? 0)),
    ]),
  );
  return { used, seconds };
}
