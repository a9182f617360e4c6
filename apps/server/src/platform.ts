import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createSmtpTransport, type EmailTransport } from './adapters/email/email-transport';
import type { ExternalKycProvider } from './adapters/kyc/kyc-provider';
import { createOnfidoClient } from './adapters/kyc/onfido-client';
import { metricsSourcesFor } from './adapters/metrics/metrics-sources';
import type { MetricsSource } from './adapters/metrics/metrics-source';
import type { FundingProvider } from './adapters/funding/funding-provider';
import { createStripeTopUps } from './adapters/funding/stripe-top-ups';
import { createOfflinePayouts } from './adapters/payouts/offline-payouts';
import type { PayoutsProvider } from './adapters/payouts/payouts-provider';
import { createStripeConnectPayouts } from './adapters/payouts/stripe-connect-payouts';
import type { PostPreviews } from './adapters/post-links/post-previews';
import { postPreviewsFor } from './adapters/post-links/post-previews-for';
import {
  shortLinkResolverFor,
  type ShortLinkResolver,
  type ShortLinkResolverOptions,
} from './adapters/post-links/short-link-resolver';
import type { PostFactsReader } from './adapters/post-facts/post-facts';
import { postFactsFor } from './adapters/post-facts/post-facts-for';
import type { SocialAccounts } from './adapters/social-accounts/social-accounts';
import { socialAccountsFor } from './adapters/social-accounts/social-accounts-for';
import { createDisabledPushSender } from './adapters/push/disabled-push-sender';
import { createFcmPushSender } from './adapters/push/fcm-push-sender';
import type { PushSender } from './adapters/push/push-sender';
import { createDatabaseRateLimiter } from './adapters/rate-limit/database-rate-limiter';
import type { RateLimiter } from './adapters/rate-limit/rate-limiter';
import { createRedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter';
import { createClamdScanner } from './adapters/scanner/clamd-scanner';
import type { FileScanner } from './adapters/scanner/file-scanner';
import { createNoScanner } from './adapters/scanner/no-scanner';
import type { FileStorage } from './adapters/storage/file-storage';
import { createLocalDiskStorage } from './adapters/storage/local-disk-storage';
import { createS3Storage } from './adapters/storage/s3-storage';
import { createUrlSigner, type UrlSigner } from './adapters/storage/signed-urls';
import { createTaxChecker, type TaxChecker } from './adapters/tax/tax-checker';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { argon2Hasher, type PasswordHasher } from './modules/auth/auth.passwords';
import {
  resolvePayoutDetailsKey,
  resolveSessionSecret,
  type AuthRateLimits,
} from './modules/auth/auth.service';

/**
 * What every module is built on: the database, the clock, the logger, the configuration and one of each
 * adapter to the outside world, chosen from the configuration (or handed in by a test). Modules take
 * what they need from it; they never build an adapter themselves.
 */
export type Platform = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The key every other signing key is derived from (sessions, file URLs, report links). */
  sessionSecret: string;
  /** The AES-256 key that seals creators' payout details (PAYOUT_DETAILS_KEY, or the generated one). */
  payoutDetailsKey: Buffer;
  /** Shared by every API process through Redis when there is one (ADR 010). */
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  signer: UrlSigner;
  storage: FileStorage;
  scanner: FileScanner;
  emailTransport: EmailTransport | undefined;
  push: PushSender;
  payouts: PayoutsProvider;
  /** Top-ups of campaigns' budgets through the payments provider; null without one (ADR 038). */
  funding: FundingProvider | null;
  taxChecker: TaxChecker;
  externalKyc: ExternalKycProvider | null;
  metricsSources: MetricsSource;
  postPreviews: PostPreviews;
  shortLinks: ShortLinkResolver;
  /** The platforms' OAuth and public bio readers that prove creators' handles (ADR 036). */
  socialAccounts: SocialAccounts;
  /** When a post was published and by which account, as its platform says (ADR 036). */
  postFacts: PostFactsReader;
  hasher: PasswordHasher;
  authRateLimits: AuthRateLimits | undefined;
};

/** Stand-ins a test may hand in for what the configuration would otherwise choose. */
export type PlatformOverrides = {
  clock?: Clock;
  hasher?: PasswordHasher;
  emailTransport?: EmailTransport;
  authRateLimits?: AuthRateLimits;
  payouts?: PayoutsProvider;
  funding?: FundingProvider;
  push?: PushSender;
  /** How TikTok short links reach TikTok (tests: a fake TikTok's names and network). */
  shortLinks?: ShortLinkResolverOptions;
};

export async function createPlatform(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  overrides: PlatformOverrides,
): Promise<Platform> {
  const clock = overrides.clock ?? systemClock;
  const logger = app.log;
  const { db } = database;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined;
  const sessionSecret = await resolveSessionSecret(db, clock, config.sessionSecret);
  const signer = createUrlSigner({
    // A key of its own, derived from the session key, so a file URL can never pass for a session token.
    secret: createHmac('sha256', sessionSecret).update('signed file URLs').digest('base64url'),
    publicUrl: config.publicUrl,
    clock,
  });
  const { providers } = config;
  return {
    config,
    database,
    db,
    clock,
    logger,
    sessionSecret,
    payoutDetailsKey: await resolvePayoutDetailsKey(db, clock, config.payoutDetailsKey),
    redis,
    rateLimiter: redis ? createRedisRateLimiter(redis, clock) : createDatabaseRateLimiter(db, clock),
    signer,
    // S3 when a bucket is configured (ADR 016), else local disk. Both hand out the platform's own signed
    // URLs for what S3 cannot presign (uploads of a choice of types, or of no declared size).
    storage: config.s3
      ? createS3Storage({ ...config.s3, signer })
      : createLocalDiskStorage({ root: config.filesDir, signer }),
    scanner: config.clamd ? createClamdScanner({ ...config.clamd, logger }) : createNoScanner(),
    emailTransport:
      overrides.emailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined),
    push:
      overrides.push ??
      (providers.fcm
        ? createFcmPushSender({
            serviceAccount: providers.fcm.serviceAccount,
            fcmBaseUrl: providers.fcm.baseUrl,
            clock,
            logger,
          })
        : createDisabledPushSender()),
    payouts:
      overrides.payouts ??
      (providers.stripe
        ? createStripeConnectPayouts({ ...providers.stripe, logger })
        : createOfflinePayouts()),
    // No offline stand-in: without a provider an Admin records the bank transfer instead.
    funding: overrides.funding ?? (providers.stripe ? createStripeTopUps(providers.stripe) : null),
    taxChecker: createTaxChecker({ ...providers, clock, logger }),
    externalKyc: providers.onfido ? createOnfidoClient({ ...providers.onfido, logger }) : null,
    metricsSources: metricsSourcesFor(config.postMetrics, { clock, logger }),
    postPreviews: postPreviewsFor(config.postLinks.previews, { logger }),
    shortLinks: shortLinkResolverFor(config.postLinks, overrides.shortLinks),
    socialAccounts: socialAccountsFor(config.socialAccounts, { clock, logger }),
    postFacts: postFactsFor(config.postFacts, { logger }),
    hasher: overrides.hasher ?? argon2Hasher,
    authRateLimits: overrides.authRateLimits,
  };
}

/**
 * A Redis client that fails fast while Redis is away (no queue of commands waiting for it) and keeps
 * reconnecting in the background; closed with the app.
 */
async function connectRedis(url: string, app: FastifyInstance): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis is not answering'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await redis.connect().catch(() => undefined);
  return redis;
}
