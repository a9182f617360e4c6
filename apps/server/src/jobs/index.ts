import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../adapters/rate-limit/rate-limiter';
import type { AuthService } from '../modules/auth/auth.service';
import type { CampaignsService } from '../modules/campaigns/campaigns.service';
import type { CreatorService } from '../modules/creator/creator.service';
import type { EmailService } from '../modules/email/email.service';
import { startRecurringJob, type RecurringJob } from './recurring-job';

const OUTBOX_POLL_MS = 2_000;
const MAINTENANCE_MS = 10 * 60 * 1000;
const RATE_LIMIT_RETENTION_SECONDS = 24 * 3600;
/** Wallet retries are due a minute apart at the soonest; looking twice a minute keeps them on time. */
const WALLET_RETRY_POLL_MS = 30_000;
/** Campaigns go live and end within a second of their times. */
const CAMPAIGN_SCHEDULE_POLL_MS = 1_000;

/**
 * Background work of a worker process: email delivery, payout wallets to retry, campaigns going live and
 * ending on time, and housekeeping.
 */
export function startJobs(dependencies: {
  authService: AuthService;
  emailService: EmailService;
  creatorService: CreatorService;
  campaignsService: CampaignsService;
  rateLimiter: RateLimiter;
  logger: FastifyBaseLogger;
}): RecurringJob[] {
  const { authService, emailService, creatorService, campaignsService, rateLimiter, logger } = dependencies;
  const outbox = startRecurringJob('email-outbox', () => emailService.dispatchDue(), OUTBOX_POLL_MS, logger);
  emailService.onEnqueued(() => outbox.kick());
  const maintenance = startRecurringJob(
    'maintenance',
    async () => {
      await rateLimiter.purgeExpired(RATE_LIMIT_RETENTION_SECONDS);
      await authService.purgeEnded();
    },
    MAINTENANCE_MS,
    logger,
  );
  const wallets = startRecurringJob(
    'payout-wallets',
    () => creatorService.retryDueWallets(),
    WALLET_RETRY_POLL_MS,
    logger,
  );
  const campaignSchedule = startRecurringJob(
    'campaign-schedule',
    () => campaignsService.runSchedule(),
    CAMPAIGN_SCHEDULE_POLL_MS,
    logger,
  );
  return [outbox, maintenance, wallets, campaignSchedule];
}
