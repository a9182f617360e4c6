// What `npm run bench:scale` prints: each round, each process count's median round against one process,
// what a request costs each part in CPU and what that predicts for more cores, and the checks.
import { cpus } from 'node:os';
import type { Check } from './scale-checks';
import type { CpuPart } from './scale-cpu';
import { KINDS, percentile, type Kind, type MixResult } from './scale-load';
import { median } from './support';

export type Round = { round: number; processes: number; result: MixResult; cpu: Map<CpuPart, number> };

const answered = (result: MixResult) =>
  [...result.latencies.values()].reduce((n, list) => n + list.length, 0);
const throughput = (result: MixResult) => answered(result) / result.seconds;
const all = (result: MixResult) => [...result.latencies.values()].flat();
const p99Of = (result: MixResult, kind?: Kind) =>
  percentile(kind ? (result.latencies.get(kind) ?? []) : all(result), 0.99);
const unexpectedOf = (result: MixResult) =>
  [...result.unexpected].map(([what, count]) => `${count} × ${what}`).join(', ') || 'none';

function roundLine({ round, processes, result }: Round): string {
  const counts = KINDS.map((kind) => `${kind} ${result.latencies.get(kind)?.length ?? 0}`).join(', ');
  return (
    `  round ${round}, ${processes} process${processes > 1 ? 'es' : ''}: ${throughput(result).toFixed(0)} req/s, ` +
    `p50 ${percentile(all(result), 0.5).toFixed(0)} ms, p99 ${p99Of(result).toFixed(0)} ms (${counts}); ` +
    `not 2xx: ${unexpectedOf(result)}; failed: ${result.failed}`
  );
}

const byProcesses = (rounds: Round[]) =>
  [...new Set(rounds.map((round) => round.processes))].map(
    (processes) => [processes, rounds.filter((round) => round.processes === processes)] as const,
  );

export function printRounds(rounds: Round[]): void {
  console.log('');
  rounds.forEach((round) => console.log(roundLine(round)));
  const groups = byProcesses(rounds);
  const base = median(groups[0]?.[1].map((round) => throughput(round.result)) ?? []);
  console.log('\n  per API process count, the median of its rounds:');
  console.log('  processes   req/s   vs 1   p99 ms   board p99   entry p99   approve p99   campaigns p99');
  for (const [processes, group] of groups) {
    const med = (value: (result: MixResult) => number) => median(group.map((round) => value(round.result)));
    const rate = med(throughput);
    const cells = [
      String(processes).padStart(9),
      rate.toFixed(0).padStart(7),
      (rate / base).toFixed(2).padStart(6),
      med((result) => p99Of(result))
        .toFixed(0)
        .padStart(8),
      med((result) => p99Of(result, 'board'))
        .toFixed(0)
        .padStart(11),
      med((result) => p99Of(result, 'submit'))
        .toFixed(0)
        .padStart(11),
      med((result) => p99Of(result, 'approve'))
        .toFixed(0)
        .padStart(13),
      med((result) => p99Of(result, 'campaigns'))
        .toFixed(0)
        .padStart(15),
    ];
    console.log(`  ${cells.join(' ')}`);
  }
}

/** CPU milliseconds per answered request, of every round with `processes` API processes. */
function costs(group: readonly Round[]): Map<CpuPart, number> {
  const requests = group.reduce((total, round) => total + answered(round.result), 0);
  const parts = new Map<CpuPart, number>();
  for (const round of group) {
    for (const [part, seconds] of round.cpu) parts.set(part, (parts.get(part) ?? 0) + seconds);
  }
  return new Map([...parts].map(([part, seconds]) => [part, (seconds * 1000) / Math.max(requests, 1)]));
}

const PARTS: CpuPart[] = ['api', 'postgres', 'nginx', 'redis', 'worker', 'load generator', 'machine'];

export function printPrediction(rounds: Round[]): void {
  const cores = cpus().length;
  console.log(
    '\n  CPU per answered request, in ms (from /proc; PostgreSQL: the backends of the bench database;',
  );
  console.log("  Redis: the whole server; machine: every core's busy time, other people's work included):");
  console.log(`  processes ${PARTS.map((part) => part.padStart(part.length + 2)).join('')}   machine busy`);
  for (const [processes, group] of byProcesses(rounds)) {
    const cost = costs(group);
    const seconds = group.reduce((total, round) => total + round.result.seconds, 0);
    const busy =
      group.reduce((total, round) => total + (round.cpu.get('machine') ?? 0), 0) / (seconds * cores);
    const cells = PARTS.map((part) => (cost.get(part) ?? 0).toFixed(2).padStart(part.length + 2));
    console.log(`  ${String(processes).padStart(9)} ${cells.join('')}   ${(busy * 100).toFixed(0)} %`);
  }
  const cost = costs(rounds);
  const perRequest = (part: CpuPart) => cost.get(part) ?? 0;
  const api = perRequest('api');
  const database = perRequest('postgres');
  const best = Math.max(...rounds.map((round) => throughput(round.result)));
  const own = PARTS.filter((part) => part !== 'machine').reduce((total, part) => total + perRequest(part), 0);
  console.log('\n  What the figures predict (CPU cost only, all rounds pooled):');
  console.log(
    `  - here, each request takes ${perRequest('machine').toFixed(2)} ms of the machine's CPU in all ` +
      `(${own.toFixed(2)} ms in the parts above; the rest is PostgreSQL's shared writers, s3rver and other ` +
      `people's work), so ${cores} cores top out near ${((cores * 1000) / perRequest('machine')).toFixed(0)} ` +
      `req/s of this mix however many API processes share them (best round: ${best.toFixed(0)} req/s, ` +
      `${((cores * 1000) / own).toFixed(0)} with the machine to itself); a second and third process cannot ` +
      'add a core, so the ratios above are not a measure of scale-out',
  );
  console.log(
    `  - an API process spends ${api.toFixed(2)} ms per request: on a core of its own it serves about ` +
      `${(1000 / api).toFixed(0)} req/s, and N processes on N cores about N times that`,
  );
  console.log(
    `  - PostgreSQL spends ${database.toFixed(2)} ms per request: one of its cores keeps up with about ` +
      `${(1000 / database).toFixed(0)} req/s, that is with ${(api / database).toFixed(1)} API processes; ` +
      'past that, give the database cores before adding API processes',
  );
  console.log(
    `  - nginx spends ${perRequest('nginx').toFixed(2)} ms per request: one worker proxies about ` +
      `${(1000 / perRequest('nginx')).toFixed(0)} req/s`,
  );
  const apiCores = 8;
  const databaseCores = 4;
  console.log(
    `  - e.g. ${apiCores} cores of API processes and ${databaseCores} of PostgreSQL: about ` +
      `${Math.min((apiCores * 1000) / api, (databaseCores * 1000) / database).toFixed(0)} req/s of this mix, ` +
      "bounded by the smaller; locks, disk and the network between machines come on top and this run can't show them",
  );
}

export function printChecks(checks: Check[], errorLines: string): void {
  console.log('\n  What crossed processes:');
  for (const check of checks) {
    console.log(`  ${check.held ? 'held' : 'NOT HELD'}: ${check.name}: ${check.detail}`);
  }
  console.log(`  error lines in the processes' logs: ${errorLines}`);
}
