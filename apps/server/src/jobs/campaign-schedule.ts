import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type {
  CampaignScheduler,
  CampaignsService,
  PlannedCampaign,
} from '../modules/campaigns/campaigns.service';
import type { JobQueue } from './job-queue';
import { startRecurringJob, type RecurringJob } from './recurring-job';

/** The queues of a campaign's scheduled moves: PUBLISHED to LIVE, and LIVE to ENDED. */
export const CAMPAIGN_START_QUEUE = 'campaign-start';
export const CAMPAIGN_END_QUEUE = 'campaign-end';
const CAMPAIGN_QUEUES = [CAMPAIGN_START_QUEUE, CAMPAIGN_END_QUEUE] as const;

/**
 * The safety net behind the jobs: a sweep of every campaign already due, at each worker's start (the
 * catch-up after a restart) and then once a minute (a job lost, or an approval whose jobs could not be
 * queued).
 */
export const CAMPAIGN_SWEEP_MS = 60_000;

/** What a campaign's job carries: which campaign, and the time (ISO) it was queued for. */
export type CampaignJobData = { campaignId: string; at: string };

/** One move is a short transaction: a job running longer than this is taken as lost and retried. */
const JOB_EXPIRE_SECONDS = 60;

/** The same campaign, move and time is one job: a repeat send while it waits is not queued again. */
export const campaignJobKey = (campaignId: string, at: Date) => `${campaignId}@${at.toISOString()}`;

/**
 * Creates the campaign queues (if new). pg-boss 10 drops a job sent to a queue that does not exist, so
 * every process that sends them runs this first. `short`: at most one waiting job per singleton key.
 */
export async function createCampaignQueues(queue: JobQueue): Promise<void> {
  for (const name of CAMPAIGN_QUEUES) {
    await queue.boss.createQueue(name, {
      name,
      policy: 'short',
      retryLimit: 5,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: JOB_EXPIRE_SECONDS,
    });
  }
}

/**
 * Queues `name` for `campaignId` at `at` by `clock`. pg-boss holds a job until the database's `now()`
 * passes its `start_after`; the delay is sent as seconds from now rather than as a timestamp, so the job
 * falls due when `clock` reaches `at` even if the database's clock and ours disagree (and, in tests,
 * when a controlled clock runs ahead of the real one).
 */
async function sendAt(queue: JobQueue, name: string, campaignId: string, at: Date, clock: Clock) {
  const delaySeconds = Math.max(0, at.getTime() - clock.now().getTime()) / 1000;
  const data: CampaignJobData = { campaignId, at: at.toISOString() };
  return queue.boss.send(name, data, {
    // 0 is "now" to pg-boss; a number is seconds from the database's now(), fractions included.
    startAfter: delaySeconds,
    singletonKey: campaignJobKey(campaignId, at),
  });
}

/** The campaigns service's scheduler on pg-boss: a start job and an end job per published campaign. */
export function createCampaignScheduler(dependencies: {
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
}): CampaignScheduler {
  const { queue, clock, logger } = dependencies;
  return {
    async planned(campaign: PlannedCampaign) {
      for (const [name, at] of [
        [CAMPAIGN_START_QUEUE, campaign.startsAt],
        [CAMPAIGN_END_QUEUE, campaign.endsAt],
      ] as const) {
        try {
          await sendAt(queue, name, campaign.id, at, clock);
        } catch (error) {
          logger.error(
            { err: error, job: name, campaignId: campaign.id },
            'could not queue a campaign move; the sweep makes it',
          );
        }
      }
    },
  };
}

/**
 * A worker's part of the schedule: runs the campaign jobs as they fall due, catches up at once with
 * whatever fell due while no worker ran, and sweeps once a minute. Stop it before the job queue.
 */
export async function startCampaignScheduleWorkers(dependencies: {
  queue: JobQueue;
  campaignsService: CampaignsService;
  clock: Clock;
  logger: FastifyBaseLogger;
}): Promise<RecurringJob> {
  const { queue, campaignsService, clock, logger } = dependencies;
  for (const name of CAMPAIGN_QUEUES) {
    await queue.work<CampaignJobData>(name, async (job) => {
      const { campaignId, at } = job.data;
      const moves = await campaignsService.runScheduleFor(campaignId);
      // Due by the database's clock but not yet by ours (they disagree by a few milliseconds, or a
      // controlled clock lags): queued again for the rest of the wait, so the move is not left to the sweep.
      const time = new Date(at);
      if (moves === 0 && time.getTime() > clock.now().getTime()) {
        await sendAt(queue, job.name, campaignId, time, clock);
      }
    });
  }
  return startRecurringJob(
    'campaign-schedule',
    () => campaignsService.runSchedule(),
    CAMPAIGN_SWEEP_MS,
    logger,
  );
}
