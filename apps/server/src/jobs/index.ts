import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../adapters/rate-limit/rate-limiter';
import type { Clock } from '../clock';
import type { DatabaseHandle } from '../db/client';
import type { CampaignsService } from '../modules/campaigns/campaigns.service';
import type { ModuleServices } from '../modules/module';
import {
  createCampaignQueues,
  createCampaignScheduler,
  startCampaignScheduleWorkers,
} from './campaign-schedule';
import { sendEntriesDigests } from './entries-digest';
import { approveOverdueEntries } from './entry-auto-approval';
import { checkOriginality } from './originality-check';
import { startJobQueue, type JobQueue } from './job-queue';
import { startRecurringJob, type RecurringJob } from './recurring-job';

const OUTBOX_POLL_MS = 2_000;
/** A push is worth sending within seconds of its event; a quiet poll costs one indexed query. */
const PUSH_POLL_MS = 5_000;
const MAINTENANCE_MS = 10 * 60 * 1000;
const RATE_LIMIT_RETENTION_SECONDS = 24 * 3600;
/** Wallet retries are due a minute apart at the soonest; looking twice a minute keeps them on time. */
const WALLET_RETRY_POLL_MS = 30_000;
/**
 * Posts are read again an hour after their figures (ADR 021's backoff); looking each minute keeps every
 * post within a minute of its time; a quiet look reads the live campaigns' approved entries and finds none due.
 */
const METRICS_REFRESH_POLL_MS = 60_000;
/** How often entries whose figures changed are scored for the risk of bought views (ADR 037). */
const RISK_ASSESSMENT_POLL_MS = 60_000;
/** An approved payment's payout is due at once; looking every ten seconds sends it within them. */
const PAYOUT_POLL_MS = 10_000;
/** Boards close on the hour or the minute a campaign names; settling within a minute of the delay is on time. */
const PRIZE_SETTLEMENT_POLL_MS = 60_000;
/** Figures validate at the minute of their lock (ADR 037); pay per view reserves within a minute of it. */
const PAY_PER_VIEW_POLL_MS = 60_000;
/** A provider's top-up clears in hours or days; looking every five minutes starts a campaign soon after. */
const TOP_UP_POLL_MS = 5 * 60_000;
/**
 * Each reviewer gets at most one entries digest an hour (ADR 031); looking every five minutes sends it
 * within five minutes of the hour once new entries wait, and a quiet look is one grouped count.
 */
const ENTRIES_DIGEST_POLL_MS = 5 * 60_000;
/** An entry past its review deadline is approved within a minute of it (ADR 037); a quiet look is one index read. */
const ENTRY_AUTO_APPROVAL_POLL_MS = 60_000;
/** An uploaded video waits for its check before it can be approved: looked for twice a minute. */
const ORIGINALITY_POLL_MS = 30_000;

/**
 * Every process (API or worker): pg-boss on the app's database, and the campaigns' scheduler sending
 * each published campaign's start and end to it. Stop it after the jobs, before the database closes.
 */
export async function startJobQueueFor(dependencies: {
  database: DatabaseHandle;
  campaignsService: CampaignsService;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** A worker process (ROLE=worker or all): also runs pg-boss's maintenance. */
  worker: boolean;
}): Promise<JobQueue> {
  const { database, campaignsService, clock, logger, worker } = dependencies;
  const queue = await startJobQueue({ database, logger, worker });
  await createCampaignQueues(queue);
  campaignsService.useScheduler(createCampaignScheduler({ queue, clock, logger }));
  return queue;
}

/** The services the background work calls, as the app composed them. */
export type JobServices = Pick<
  ModuleServices,
  | 'auth'
  | 'email'
  | 'notifications'
  | 'creator'
  | 'campaigns'
  | 'entries'
  | 'metrics'
  | 'payments'
  | 'rewards'
  | 'originality'
  | 'view-validation'
> & {
  rateLimiter: RateLimiter;
  /** The answers kept for Idempotency-Keys (ADR 019), which last a day. */
  idempotencyKeys: { purgeExpired(): Promise<number> };
};

type JobContext = {
  services: JobServices;
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The longest any recurring look waits (JOBS_POLL_MAX_SECONDS); undefined: each keeps its own. */
  pollMaxMs?: number;
};

/** Starts a recurring look at the job's own interval, or at the deployment's shorter maximum. */
function recurring(context: JobContext) {
  const { logger, pollMaxMs } = context;
  return (name: string, work: () => Promise<unknown>, intervalMs: number): RecurringJob =>
    startRecurringJob(name, work, Math.min(intervalMs, pollMaxMs ?? intervalMs), logger);
}

/**
 * Background work of a worker process: email delivery, notifications' pushes, payout wallets to retry,
 * entries' figures read from the platforms, approved payments paid out, closed leaderboards' prizes given, the
 * reviewers' digest of entries waiting, campaigns going live and ending on
 * time (pg-boss jobs on `queue`, with a catch-up and a sweep), and housekeeping.
 */
export async function startJobs(context: JobContext): Promise<RecurringJob[]> {
  const { services, queue, clock, logger } = context;
  const campaignSchedule = await startCampaignScheduleWorkers({
    queue,
    campaignsService: services.campaigns,
    clock,
    logger,
  });
  return [...deliveryJobs(context), ...moneyJobs(context), ...figuresJobs(context), campaignSchedule];
}

/** Emails from the outbox (at once after a commit, and every 2 s), pushes, and housekeeping. */
function deliveryJobs(context: JobContext): RecurringJob[] {
  const { email, notifications, rateLimiter, auth, idempotencyKeys } = context.services;
  const repeat = recurring(context);
  const outbox = repeat('email-outbox', () => email.dispatchDue(), OUTBOX_POLL_MS);
  email.onEnqueued(() => outbox.kick());
  const pushes = repeat('notification-pushes', () => notifications.deliverPendingPushes(), PUSH_POLL_MS);
  const maintenance = repeat(
    'maintenance',
    async () => {
      await rateLimiter.purgeExpired(RATE_LIMIT_RETENTION_SECONDS);
      await auth.purgeEnded();
      await idempotencyKeys.purgeExpired();
    },
    MAINTENANCE_MS,
  );
  return [outbox, pushes, maintenance];
}

/**
 * Payout wallets to retry, approved payments to pay out, closed leaderboards' prizes to give, validated
 * views to pay for, and providers' top-ups still clearing (ADR 038).
 */
function moneyJobs(context: JobContext): RecurringJob[] {
  const { creator, payments, rewards, campaigns } = context.services;
  const repeat = recurring(context);
  return [
    repeat('payout-wallets', () => creator.retryDueWallets(), WALLET_RETRY_POLL_MS),
    repeat('payouts', () => payments.deliverDuePayouts(), PAYOUT_POLL_MS),
    repeat('clawbacks', () => payments.clawBackTakenDown(), 5 * 60_000),
    repeat('prize-settlement', () => rewards.settleClosedBoards(), PRIZE_SETTLEMENT_POLL_MS),
    repeat('pay-per-view', () => rewards.accruePayPerView(), PAY_PER_VIEW_POLL_MS),
    repeat('funding-top-ups', () => campaigns.settlePendingTopUps(), TOP_UP_POLL_MS),
  ];
}

/**
 * Posts' figures read from the platforms and scored for bought views, the reviewers' digest of entries
 * waiting, entries approved on their review deadline, uploads' originality.
 */
function figuresJobs(context: JobContext): RecurringJob[] {
  const { services, clock } = context;
  const { metrics, entries, campaigns, notifications } = services;
  const repeat = recurring(context);
  return [
    repeat('metrics-refresh', () => metrics.refreshDue(), METRICS_REFRESH_POLL_MS),
    repeat('risk-assessment', () => metrics.assessDue(), RISK_ASSESSMENT_POLL_MS),
    repeat(
      'entries-digest',
      () =>
        sendEntriesDigests({
          entriesService: entries,
          campaignsService: campaigns,
          notificationsService: notifications,
        }),
      ENTRIES_DIGEST_POLL_MS,
    ),
    repeat(
      'entry-auto-approval',
      () =>
        approveOverdueEntries({
          entriesService: entries,
          viewValidationService: services['view-validation'],
          clock,
        }),
      ENTRY_AUTO_APPROVAL_POLL_MS,
    ),
    repeat(
      'originality-check',
      () => checkOriginality({ originalityService: services.originality }),
      ORIGINALITY_POLL_MS,
    ),
  ];
}
