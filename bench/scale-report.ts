// What `npm run bench:scale` prints: each round, each process count's median round against one process,
// what a request costs each part in CPU and what that predicts for more cores, and the checks.
import { cpus } from 'node:os';
import type { Check } from './scale-checks';
import type { CpuPart } from './scale-cpu';
import { KINDS, percentile, type Kind, type MixResult } from './scale-load';
import { median } from './support';

export type Round = {
  round: number;
  processes: number;
  result: MixResult;
  cpu: { used: Map<CpuPart, number>; seconds: number };
};

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

export function printRounds(unordered: Round[]): void {
  const rounds = [...unordered].sort((a, b) => a.round - b.round || a.processes - b.processes);
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

/** CPU milliseconds per answered request of one round, by part. */
function costs(round: Round): Map<CpuPart, number> {
  const requests = Math.max(answered(round.result), 1);
  return new Map([...round.cpu.used].map(([part, seconds]) => [part, (seconds * 1000) / requests]));
}

const PARTS: CpuPart[] = ['api', 'postgres', 'nginx', 'redis', 'worker', 'load generator'];
const ownCost = (cost: Map<CpuPart, number>) =>
  PARTS.reduce((total, part) => total + (cost.get(part) ?? 0), 0);

function printCosts(rounds: Round[], cores: number): void {
  console.log(
    '\n  CPU per answered request, in ms, from /proc (PostgreSQL: the backends of the bench database;',
  );
  console.log("  Redis: the whole server; machine: every core's busy time, other people's work included):");
  const header = [...PARTS, 'bench parts', 'machine'].map((part) =>
    part.padStart(Math.max(part.length, 6) + 2),
  );
  console.log(`  round processes  req/s${header.join('')}   machine busy`);
  for (const round of rounds) {
    const cost = costs(round);
    const values = [...PARTS.map((part) => cost.get(part) ?? 0), ownCost(cost), cost.get('machine') ?? 0];
    const cells = values.map((value, index) => value.toFixed(2).padStart((header[index] ?? '').length));
    const busy = (round.cpu.used.get('machine') ?? 0) / (round.cpu.seconds * cores);
    console.log(
      `  ${String(round.round).padStart(5)} ${String(round.processes).padStart(9)} ` +
        `${throughput(round.result).toFixed(0).padStart(6)}${cells.join('')}   ${(busy * 100).toFixed(0)} %`,
    );
  }
}

/** The round in which the bench's own parts had the largest share of the machine's busy time. */
function quietest(rounds: Round[]): Round {
  const share = (round: Round) => {
    const cost = costs(round);
    return ownCost(cost) / Math.max(cost.get('machine') ?? 0, 1e-9);
  };
  return rounds.reduce((best, round) => (share(round) > share(best) ? round : best));
}

export function printPrediction(unordered: Round[]): void {
  const rounds = [...unordered].sort((a, b) => a.round - b.round || a.processes - b.processes);
  const cores = cpus().length;
  printCosts(rounds, cores);
  // Other people's work on the same cores inflates what a request seems to cost (caches, waiting for a
  // core); the quietest round is the nearest to the machine to itself.
  const quiet = quietest(rounds);
  const cost = costs(quiet);
  const perRequest = (part: CpuPart) => cost.get(part) ?? 0;
  const api = perRequest('api');
  const database = perRequest('postgres');
  const own = ownCost(cost);
  const rates = rounds.map((round) => throughput(round.result));
  console.log(
    `\n  What the figures predict (CPU cost only, from the quietest round: round ${quiet.round} with ` +
      `${quiet.processes} process${quiet.processes > 1 ? 'es' : ''}, where the bench's parts had ` +
      `${((own / perRequest('machine')) * 100).toFixed(0)} % of the machine's busy time):`,
  );
  console.log(
    `  - the bench's parts take ${own.toFixed(2)} ms of CPU per request, so with the machine to itself ` +
      `this mix would fill ${cores} cores near ${((cores * 1000) / own).toFixed(0)} req/s however many API ` +
      `processes share them; the rounds measured ${Math.min(...rates).toFixed(0)} to ` +
      `${Math.max(...rates).toFixed(0)} req/s while PostgreSQL's shared writers and other people's work ` +
      'took the rest. A second and third process cannot add a core here, so the ratios above are not a ' +
      'measure of scale-out',
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
