import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { collectInto } from '../test/capture';
import { openTestDatabase } from '../test/harness';
import { JOB_SCHEMA, sqlExecutorOf, startJobQueue, type JobQueue } from './job-queue';

// pg-boss on the app's own database: PGlite by default, the PostgreSQL server with TEST_DATABASE_URL.

const logLines: string[] = [];
const logger = pino({ level: 'info' }, collectInto(logLines));

let database: DatabaseHandle;
let appTablesBefore: string[];
const queues: JobQueue[] = [];

async function rows<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await database.db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

const tablesOf = async (schema: string) =>
  (
    await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = ${schema} order by 1`,
    )
  ).map((row) => row.name);

async function started(worker = true): Promise<JobQueue> {
  const queue = await startJobQueue({ database, logger, worker });
  queues.push(queue);
  return queue;
}

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  appTablesBefore = await tablesOf('public');
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database?.close();
});

describe(`pg-boss on the app's database (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates its own schema beside the migrated tables, and finds it in place at the next start', async () => {
    const first = await started();
    expect(await tablesOf(JOB_SCHEMA)).toEqual(
      expect.arrayContaining(['job', 'queue', 'version', 'archive']),
    );
    expect(await tablesOf('public')).toEqual(appTablesBefore);
    const version = await first.boss.schemaVersion();
    expect(version).toBeGreaterThan(0);

    // The app's migrations run at every start, after pg-boss's schema exists: nothing to redo, nothing clashes.
    await database.migrate();
    const second = await started(false);
    expect(await second.boss.schemaVersion()).toBe(version);
    expect(await tablesOf('public')).toEqual(appTablesBefore);
    expect(logLines.join('')).not.toContain('job queue error');
  });

  it('runs a job once, after its delay and within half a second of it, and drops a repeat sent while it waits', async () => {
    const queue = await started();
    await queue.boss.createQueue('test-later', { name: 'test-later', policy: 'short' });
    const sentAt = Date.now();
    const id = await queue.boss.send('test-later', { n: 1 }, { startAfter: 1.2, singletonKey: 'once' });
    expect(id).toEqual(expect.any(String));
    expect(
      await queue.boss.send('test-later', { n: 2 }, { startAfter: 1.2, singletonKey: 'once' }),
    ).toBeNull();

    const runs: { data: object; after: number }[] = [];
    await queue.work<{ n: number }>('test-later', async (job) => {
      runs.push({ data: job.data, after: Date.now() - sentAt });
    });
    await until(() => runs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.data).toEqual({ n: 1 });
    expect(runs[0]?.after).toBeGreaterThanOrEqual(1_200);
    // Half a second of polling, plus room for a machine busy with other tests.
    expect(runs[0]?.after).toBeLessThan(2_200);
  });

  it('waits, when stopping, for the job in progress, which is then complete', async () => {
    const queue = await startJobQueue({ database, logger, worker: true });
    await queue.boss.createQueue('test-slow', { name: 'test-slow' });
    let state = 'waiting';
    await queue.work('test-slow', async () => {
      state = 'running';
      await new Promise((resolve) => setTimeout(resolve, 700));
      state = 'done';
    });
    const id = await queue.boss.send('test-slow', {});
    await until(() => state === 'running');
    await queue.stop();
    expect(state).toBe('done');
    const [job] = await rows<{ state: string }>(
      sql`select state from ${sql.identifier(JOB_SCHEMA)}.job where id = ${id}`,
    );
    expect(job?.state).toBe('completed');
  });

  it('leaves nothing half done when a text of several statements fails', async () => {
    const executor = sqlExecutorOf(database);
    await expect(
      executor.executeSql(
        `BEGIN; CREATE TABLE ${JOB_SCHEMA}.half_done (x int); SELECT no_such_column FROM ${JOB_SCHEMA}.version; COMMIT;`,
        undefined as unknown as unknown[],
      ),
    ).rejects.toThrow(/no_such_column/);
    expect(await tablesOf(JOB_SCHEMA)).not.toContain('half_done');
    // The connection is not left in an aborted transaction: the app's next query works.
    expect(await rows<{ one: number }>(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
