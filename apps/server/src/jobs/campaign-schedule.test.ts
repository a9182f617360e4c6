import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail, CampaignStatus } from '@platform/shared';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { auditLog, campaigns, campaignStatusHistory } from '../db/schema/index';
import { actingAs, createCampaign, createWorld, type World } from '../test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from '../test/harness';
import { createScratchDatabase } from '../test/scratch-database';
import {
  CAMPAIGN_START_QUEUE,
  campaignJobKey,
  createCampaignScheduler,
  startCampaignScheduleWorkers,
  type CampaignJobData,
} from './campaign-schedule';
import { startJobQueueFor } from './index';
import { JOB_SCHEMA } from './job-queue';

// The campaign schedule on pg-boss, on PGlite by default and on PostgreSQL with TEST_DATABASE_URL.
//
// How time works here: pg-boss holds a job until the database's now() passes it, in real time, while the
// app reads a controlled clock. This clock starts on a chosen day and runs at the real pace, so a job
// sent for "two seconds from now" by our clock falls due two real seconds later, when our clock says
// the campaign's start has come; `advance` jumps it ahead, as a process that was down would find the
// time moved on: only the catch-up, which reads our clock, sees that.
function createRunningClock(start = Date.parse('2026-11-21T09:00:00.000Z')) {
  let offset = start - Date.now();
  let last = 0;
  return {
    // Never the same instant twice, so the history keeps its order.
    now: () => {
      last = Math.max(Date.now() + offset, last + 1);
      return new Date(last);
    },
    advance(milliseconds: number) {
      offset += milliseconds;
    },
  };
}
type RunningClock = ReturnType<typeof createRunningClock>;

const CAMPAIGNS = '/server-api/marketing/campaigns';
/**
 * Jobs run within half a second of their time (pg-boss's polling); the rest is room for a machine busy with
 * other work. Still far inside the minute after which the sweep, not the job, would have moved a campaign.
 */
const ON_TIME_MS = 5_000;
/** Room to stop a process and start another (a database reopened, the app built) before a queued start. */
const RESTART_MS = 20_000;

/** A worker process's schedule: pg-boss on the app's database, its campaign jobs, catch-up and sweep. */
async function startWorker(context: TestApp) {
  const dependencies = {
    campaignsService: context.services.campaigns,
    clock: context.clock,
    logger: context.app.log,
  };
  const queue = await startJobQueueFor({ ...dependencies, database: context.database, worker: true });
  const sweep = await startCampaignScheduleWorkers({ ...dependencies, queue });
  return {
    queue,
    async stop() {
      await sweep.stop();
      await queue.stop();
    },
  };
}
type Worker = Awaited<ReturnType<typeof startWorker>>;

async function until(condition: () => Promise<boolean>, timeoutMs = RESTART_MS + ON_TIME_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const statusOf = async (context: TestApp, id: string) =>
  (await context.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]
    ?.status;
const becomes = (context: TestApp, id: string, status: CampaignStatus) =>
  until(async () => (await statusOf(context, id)) === status);

const historyOf = (context: TestApp, id: string) =>
  context.db
    .select()
    .from(campaignStatusHistory)
    .where(eq(campaignStatusHistory.campaignId, id))
    .orderBy(asc(campaignStatusHistory.at));

const auditActionsOf = async (context: TestApp, id: string) =>
  (
    await context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(asc(auditLog.at))
  ).map((row) => row.action);

type JobRow = { name: string; singletonKey: string | null; state: string };
async function jobsOf(context: TestApp, campaignId: string): Promise<JobRow[]> {
  const result: unknown = await context.db.execute(
    sql`select name, singleton_key as "singletonKey", state from ${sql.identifier(JOB_SCHEMA)}.job
        where data->>'campaignId' = ${campaignId} order by name, created_on`,
  );
  return (result as { rows: JobRow[] }).rows;
}

const BUDGET = 175_000;

/**
 * A campaign waiting for review, starting `startsInMs` from now by `clock` and lasting `lastsMs`, its
 * budget already received so that it may go live once approved (ADR 038).
 */
async function pendingCampaign(
  context: TestApp,
  world: World,
  clock: RunningClock,
  startsInMs: number,
  lastsMs = 3_600_000,
) {
  const startsAt = new Date(clock.now().getTime() + startsInMs);
  const endsAt = new Date(startsAt.getTime() + lastsMs);
  const { id } = await createCampaign(context, {
    teamId: world.homeTeam.id,
    territoryIds: [world.homeTerritory.id],
    status: 'PENDING',
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    budget: BUDGET,
    fundedMinor: BUDGET,
  });
  return { id, startsAt, endsAt };
}

/** Approved by the home team's CampaignManager, through `context` (the app running now). */
async function approve(context: TestApp, world: World, id: string) {
  const manager = actingAs(context, world.token('CampaignManager'));
  const response = await manager.post(`${CAMPAIGNS}/${id}/approve`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<CampaignDetail>().status).toBe('PUBLISHED');
}

/** When the scheduler moved the campaign to `to`, by the app's clock, after `due`. */
async function lateness(context: TestApp, id: string, to: CampaignStatus, due: Date): Promise<number> {
  const row = (await historyOf(context, id)).find((entry) => entry.toStatus === to);
  if (!row) throw new Error(`no move to ${to}`);
  expect(row.byAccountId).toBeNull();
  return row.at.getTime() - due.getTime();
}

describe('the campaign schedule on pg-boss', () => {
  const clock = createRunningClock();
  let context: TestApp;
  let world: World;
  let worker: Worker;
  let second: TestApp | undefined;
  let secondWorker: Worker | undefined;
  beforeAll(async () => {
    context = await createTestApp({ clock, authRateLimits: NO_AUTH_RATE_LIMITS });
    world = await createWorld(context);
    worker = await startWorker(context);
  });
  afterAll(async () => {
    await secondWorker?.stop();
    await worker?.stop();
    await second?.app.close();
    await context?.close();
  });

  it('queues the start and the end at approval, and makes each move at its time, to the second', async () => {
    const campaign = await pendingCampaign(context, world, clock, 2_000, 2_000);
    await approve(context, world, campaign.id);
    expect(await jobsOf(context, campaign.id)).toEqual([
      { name: 'campaign-end', singletonKey: campaignJobKey(campaign.id, campaign.endsAt), state: 'created' },
      {
        name: 'campaign-start',
        singletonKey: campaignJobKey(campaign.id, campaign.startsAt),
        state: 'created',
      },
    ]);
    // The same plan again (a repeat of the approval's hook) queues nothing more.
    await createCampaignScheduler({ queue: worker.queue, clock, logger: context.app.log }).planned(campaign);
    expect(await jobsOf(context, campaign.id)).toHaveLength(2);

    expect(await statusOf(context, campaign.id)).toBe('PUBLISHED');
    await becomes(context, campaign.id, 'LIVE');
    const startLateness = await lateness(context, campaign.id, 'LIVE', campaign.startsAt);
    expect(startLateness).toBeGreaterThanOrEqual(0);
    expect(startLateness).toBeLessThan(ON_TIME_MS);

    await becomes(context, campaign.id, 'ENDED');
    const endLateness = await lateness(context, campaign.id, 'ENDED', campaign.endsAt);
    expect(endLateness).toBeGreaterThanOrEqual(0);
    expect(endLateness).toBeLessThan(ON_TIME_MS);

    expect((await historyOf(context, campaign.id)).map((row) => row.toStatus)).toEqual([
      'PENDING',
      'PUBLISHED',
      'LIVE',
      'ENDED',
    ]);
    expect(await auditActionsOf(context, campaign.id)).toEqual([
      'campaign.approve',
      'campaign.start',
      'campaign.end',
    ]);
  });

  it('never moves a campaign twice: two worker processes, repeated jobs and sweeps at once', async () => {
    second = await createTestApp({
      database: context.database,
      clock,
      authRateLimits: NO_AUTH_RATE_LIMITS,
    });
    secondWorker = await startWorker(second);
    const campaign = await pendingCampaign(context, world, clock, 1_500);
    await approve(context, world, campaign.id);
    // Copies of its start job, as a retry or another sender could leave (keys of their own: none is dropped).
    const data: CampaignJobData = { campaignId: campaign.id, at: campaign.startsAt.toISOString() };
    const delaySeconds = (campaign.startsAt.getTime() - clock.now().getTime()) / 1000;
    for (let copy = 1; copy <= 3; copy += 1) {
      const singletonKey = `${campaignJobKey(campaign.id, campaign.startsAt)}#${copy}`;
      expect(
        await secondWorker.queue.boss.send(CAMPAIGN_START_QUEUE, data, {
          startAfter: delaySeconds,
          singletonKey,
        }),
      ).toEqual(expect.any(String));
    }

    await becomes(context, campaign.id, 'LIVE');
    // And the sweep of both processes as the jobs run.
    await Promise.all([context.services.campaigns.runSchedule(), second.services.campaigns.runSchedule()]);
    const startJobs = async () =>
      (await jobsOf(context, campaign.id)).filter((job) => job.name === CAMPAIGN_START_QUEUE);
    await until(async () => (await startJobs()).every((job) => job.state === 'completed'));
    expect(await startJobs()).toHaveLength(4);

    expect((await historyOf(context, campaign.id)).map((row) => row.toStatus)).toEqual([
      'PENDING',
      'PUBLISHED',
      'LIVE',
    ]);
    expect(await auditActionsOf(context, campaign.id)).toEqual(['campaign.approve', 'campaign.start']);
  });

  it('makes a campaign approved after its end LIVE and then ENDED at once', async () => {
    const campaign = await pendingCampaign(context, world, clock, -7_200_000);
    const approvedAt = clock.now();
    await approve(context, world, campaign.id);
    await becomes(context, campaign.id, 'ENDED');
    expect((await historyOf(context, campaign.id)).map((row) => row.toStatus)).toEqual([
      'PENDING',
      'PUBLISHED',
      'LIVE',
      'ENDED',
    ]);
    expect(await lateness(context, campaign.id, 'ENDED', approvedAt)).toBeLessThan(ON_TIME_MS);
    expect(context.logText()).not.toContain('job queue error');
  });

  it('queues a job that came early by our clock again for the rest of the wait, rather than leaving it to the sweep', async () => {
    const startsAt = new Date(clock.now().getTime() + 1_500);
    const { id } = await createCampaign(context, {
      teamId: world.homeTeam.id,
      territoryIds: [world.homeTerritory.id],
      status: 'PUBLISHED',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    // Due at once for the database (its clock ahead of ours), for a start 1.5 s away by ours.
    const data: CampaignJobData = { campaignId: id, at: startsAt.toISOString() };
    await worker.queue.boss.send(CAMPAIGN_START_QUEUE, data, { singletonKey: campaignJobKey(id, startsAt) });

    await becomes(context, id, 'LIVE');
    const late = await lateness(context, id, 'LIVE', startsAt);
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(ON_TIME_MS);
    expect((await jobsOf(context, id)).map((job) => job.state)).toEqual(['completed', 'completed']);
  });
});

describe('the campaign schedule across a restart', () => {
  const clock = createRunningClock();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let location: Parameters<typeof openDatabase>[0];
  let cleanUp: () => Promise<void>;
  let database: DatabaseHandle | undefined;
  let context: TestApp | undefined;
  let worker: Worker | undefined;
  let world: World;

  /** Starts "the process": the database (the same data directory or PostgreSQL database), app and worker. */
  async function start(): Promise<TestApp> {
    database = await openDatabase(location);
    await database.migrate();
    context = await createTestApp({ database, clock, authRateLimits: NO_AUTH_RATE_LIMITS });
    worker = await startWorker(context);
    return context;
  }
  /** Stops it as a SIGTERM does: the jobs, then the app, then the database. */
  async function stop(): Promise<void> {
    await worker?.stop();
    await context?.app.close();
    await database?.close();
    worker = undefined;
    context = undefined;
    database = undefined;
  }

  beforeAll(async () => {
    if (serverUrl) {
      const scratch = await createScratchDatabase(serverUrl, 'test');
      location = { kind: 'postgres', url: scratch.url, poolSize: 5 };
      cleanUp = scratch.drop;
    } else {
      const dataDir = await mkdtemp(join(tmpdir(), 'platform-schedule-restart-'));
      location = { kind: 'pglite', dataDir };
      cleanUp = () => rm(dataDir, { recursive: true, force: true });
    }
    world = await createWorld(await start());
  });
  afterAll(async () => {
    await stop();
    await cleanUp?.();
  });

  it(
    'runs a start queued before a restart at its time, from the jobs kept in the database',
    { timeout: 60_000 },
    async () => {
      const running = context as TestApp;
      const campaign = await pendingCampaign(running, world, clock, RESTART_MS);
      await approve(running, world, campaign.id);
      await stop();

      const restarted = await start();
      // The premise: the worker is back before the start, so the catch-up had nothing to move.
      expect(clock.now().getTime()).toBeLessThan(campaign.startsAt.getTime());
      expect(await statusOf(restarted, campaign.id)).toBe('PUBLISHED');
      expect((await jobsOf(restarted, campaign.id)).map((job) => [job.name, job.state])).toEqual([
        ['campaign-end', 'created'],
        ['campaign-start', 'created'],
      ]);

      await becomes(restarted, campaign.id, 'LIVE');
      const late = await lateness(restarted, campaign.id, 'LIVE', campaign.startsAt);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(ON_TIME_MS);
    },
  );

  it('moves at once, when a worker starts again, what fell due while none ran (the catch-up)', async () => {
    const running = context as TestApp;
    const campaign = await pendingCampaign(running, world, clock, 60_000);
    await approve(running, world, campaign.id);
    await stop();
    // Down for a minute and a half, by the app's clock.
    clock.advance(90_000);

    const restarted = await start();
    await becomes(restarted, campaign.id, 'LIVE');
    const caughtUp = await lateness(restarted, campaign.id, 'LIVE', campaign.startsAt);
    expect(caughtUp).toBeGreaterThanOrEqual(30_000);
    // Its job is still waiting (pg-boss counts real seconds); when it runs, it finds nothing to move.
    expect((await jobsOf(restarted, campaign.id)).map((job) => [job.name, job.state])).toEqual([
      ['campaign-end', 'created'],
      ['campaign-start', 'created'],
    ]);
    expect(await restarted.services.campaigns.runScheduleFor(campaign.id)).toBe(0);
    expect((await historyOf(restarted, campaign.id)).map((row) => row.toStatus)).toEqual([
      'PENDING',
      'PUBLISHED',
      'LIVE',
    ]);
    expect(await auditActionsOf(restarted, campaign.id)).toEqual(['campaign.approve', 'campaign.start']);
    expect(restarted.logText()).not.toContain('job queue error');
  });
});
