import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * How often a worker asks for due jobs. pg-boss 10 refuses anything under half a second
 * (`POLICY.MIN_POLLING_INTERVAL_MS` = 500), which is what it gets: a job runs within half a second of
 * its time, plus the time to run it.
 */
export const JOB_POLLING_INTERVAL_SECONDS = 0.5;

/** pg-boss keeps its tables in a schema of its own, beside the app's (`public`, Drizzle's migrations). */
export const JOB_SCHEMA = 'pgboss';

/** How long `stop` lets a job in progress finish before pg-boss gives it back for a retry. */
const STOP_TIMEOUT_MS = 10_000;

export type JobHandler<Data extends object> = (job: PgBoss.Job<Data>) => Promise<void>;

export type JobQueue = {
  /** pg-boss itself: `send`, `createQueue`, `getQueueSize`… */
  readonly boss: PgBoss;
  /** Runs `handler` for each job of `queue` as it falls due, polling every half second. */
  work<Data extends object>(queue: string, handler: JobHandler<Data>): Promise<void>;
  /** Stops taking jobs and waits for those in progress (and pg-boss's own queries) to finish. */
  stop(): Promise<void>;
};

/**
 * pg-boss's SQL on the app's own database client, through its `db.executeSql` option, so the jobs live
 * in the same database (and, on PGlite, the same embedded instance) as everything else.
 *
 * On PGlite a parameterised query goes to `query` (one statement, extended protocol); a bare text, which
 * for pg-boss is often several statements between its own BEGIN and COMMIT, goes to `exec` inside a
 * PGlite transaction: PGlite runs it alone (no query of the app's slips in between), and if a statement
 * fails, PGlite rolls back, rather than leaving its single connection in an aborted transaction.
 * On PostgreSQL both go to the app's pool, as pg-boss's own driver would send them.
 */
export function sqlExecutorOf(database: DatabaseHandle): PgBoss.Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    if (!(client instanceof PGlite)) throw new Error('the PGlite database has no PGlite client');
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values) return client.query(text, values);
        const results = await client.transaction((tx) => tx.exec(text));
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('the PostgreSQL database has no pg pool');
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
}

/**
 * Starts pg-boss on the app's database: creates or upgrades its schema (`pgboss`; pg-boss takes an
 * advisory lock for this, so processes starting together do not collide), then stands ready to send
 * jobs. A worker process also runs pg-boss's maintenance (expiring stuck jobs, archiving finished ones);
 * an API process only sends. Cron schedules are off: recurring work uses `startRecurringJob`.
 */
export async function startJobQueue(options: {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** A worker process: also runs pg-boss's maintenance. */
  worker: boolean;
}): Promise<JobQueue> {
  const { logger } = options;
  // Everything pg-boss does reaches the database through here, so `stop` can wait for the last of it.
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };
  const executor = sqlExecutorOf(options.database);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => track(executor.executeSql(text, values)) },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: options.worker,
    schedule: false,
    pollingIntervalSeconds: JOB_POLLING_INTERVAL_SECONDS,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  return {
    boss,
    async work<Data extends object>(queue: string, handler: JobHandler<Data>) {
      await boss.work<Data>(
        queue,
        { pollingIntervalSeconds: JOB_POLLING_INTERVAL_SECONDS, batchSize: 1 },
        async (jobs) => {
          // A job fetched as the queue stops still runs: `stop` waits for it.
          for (const job of jobs) await track(handler(job));
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
      // pg-boss's stop does not wait for a fetch in flight, nor for the completion it sends after a job
      // (unawaited): wait until nothing it started is left, so the database can close behind it.
      do {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0);
    },
  };
}
