import { createHmac, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino, { type DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createSmtpTransport, type EmailTransport } from './adapters/email/email-transport';
import { createOnfidoClient } from './adapters/kyc/onfido-client';
import { createOfflinePayouts } from './adapters/payouts/offline-payouts';
import type { PayoutsProvider } from './adapters/payouts/payouts-provider';
import { createStripeConnectPayouts } from './adapters/payouts/stripe-connect-payouts';
import { createDisabledPushSender } from './adapters/push/disabled-push-sender';
import { createFcmPushSender } from './adapters/push/fcm-push-sender';
import type { PushSender } from './adapters/push/push-sender';
import { createLocalDiskStorage } from './adapters/storage/local-disk-storage';
import { createS3Storage, s3UrlOrigin } from './adapters/storage/s3-storage';
import { createUrlSigner } from './adapters/storage/signed-urls';
import { createTaxChecker } from './adapters/tax/tax-checker';
import { createDatabaseRateLimiter } from './adapters/rate-limit/database-rate-limiter';
import { createRedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { argon2Hasher, type PasswordHasher } from './modules/auth/auth.passwords';
import { auditModule } from './modules/audit/audit.module';
import { authModule } from './modules/auth/auth.module';
import {
  resolvePayoutDetailsKey,
  resolveSessionSecret,
  type AuthRateLimits,
} from './modules/auth/auth.service';
import { SESSION_COOKIE } from './modules/auth/auth.routes';
import { createDeviceTrust, createSessionCookie, createTokenSigner } from './modules/auth/auth.tokens';
import { createClamdScanner } from './adapters/scanner/clamd-scanner';
import { createNoScanner } from './adapters/scanner/no-scanner';
import { campaignsModule } from './modules/campaigns/campaigns.module';
import { creatorModule } from './modules/creator/creator.module';
import { entriesModule } from './modules/entries/entries.module';
import { metricsModule } from './modules/metrics/metrics.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { paymentsModule } from './modules/payments/payments.module';
import { reportsModule } from './modules/reports/reports.module';
import { reportSharesModule } from './modules/report-shares/report-shares.module';
import { rsvpsModule } from './modules/rsvps/rsvps.module';
import { metricsSourcesFor } from './adapters/metrics/metrics-sources';
import { postPreviewsFor } from './adapters/post-links/post-previews';
import {
  shortLinkResolverFor,
  type ShortLinkResolverOptions,
} from './adapters/post-links/short-link-resolver';
import { emailModule } from './modules/email/email.module';
import { filesModule } from './modules/files/files.module';
import { healthModule } from './modules/health/health.module';
import { legalModule } from './modules/legal/legal.module';
import { lookupsModule } from './modules/lookups/lookups.module';
import { setupModule } from './modules/setup/setup.module';
import { staffModule } from './modules/staff/staff.module';
import { teamsModule } from './modules/teams/teams.module';
import { territoriesModule } from './modules/territories/territories.module';
import { registerAccess } from './plugins/access';
import { registerDraining } from './plugins/draining';
import { limitConnectionsPerAddress } from './plugins/connection-limits';
import { AppError } from './errors';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { createIdempotencyStore } from './plugins/idempotency-store';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { isServerPath } from './plugins/paths';
import {
  OneLinePerRequest,
  REDACTED_PATHS,
  requestSerializer,
  serializeError,
} from './plugins/request-logging';
import {
  BARE_SECURITY_HEADERS,
  registerSecurityHeaders,
  securityHeadersWith,
} from './plugins/security-headers';
import { createWebApp, hasWebBuild } from './plugins/web-app';
import { ERROR_CODES } from '@platform/shared';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  hasher?: PasswordHasher;
  emailTransport?: EmailTransport;
  authRateLimits?: AuthRateLimits;
  /** Where logs go (stdout by default); tests capture them to check that no secret is logged. */
  logStream?: DestinationStream;
  /** Stand-ins for the payouts and push providers (tests that make them fail). */
  payouts?: PayoutsProvider;
  push?: PushSender;
  /** How long a request waits for the first one with the same Idempotency-Key (10 s unless told). */
  idempotencyWaitMs?: number;
  /** How TikTok short links reach TikTok (tests: a fake TikTok's names and network). */
  shortLinks?: ShortLinkResolverOptions;
};

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: plugins, then modules, then one error handler. */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;

  // Files in S3 are uploaded to and shown from the bucket's own origin, which the pages must allow.
  const fileOrigin = config.s3 ? await s3UrlOrigin(config.s3) : undefined;
  const headersFor = securityHeadersWith({ onfido: Boolean(config.providers.onfido), fileOrigin });
  const requestLogging = new OneLinePerRequest();
  const app: FastifyInstance = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: requestSerializer, err: serializeError, error: serializeError },
      ...(options.logStream
        ? { stream: options.logStream }
        : config.logFormat === 'pretty'
          ? {
              transport: {
                target: 'pino-pretty',
                options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
              },
            }
          : // Written asynchronously: under load, lines that arrive during a write go out together.
            { stream: pino.destination({ dest: 1, sync: false }) }),
    },
    logController: requestLogging,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // Slow clients are cut off: headers must arrive within HEADERS_TIMEOUT_SECONDS and the whole request
    // within REQUEST_TIMEOUT_SECONDS, checked every second rather than Node's default of every 30.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    clientErrorHandler: clientErrorHandler(BARE_SECURITY_HEADERS),
    frameworkErrors: frameworkErrorHandler(headersFor),
  });
  requestLogging.writeTo(app.log);
  database.onIdleConnectionError((error) =>
    app.log.warn({ err: error }, 'a database connection broke while idle; the pool replaces it'),
  );
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, app.log);
  const draining = registerDraining(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  const emailTransport =
    options.emailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined);
  const email = emailModule({
    db: database.db,
    clock,
    logger: app.log,
    mailFrom: config.mailFrom,
    transport: emailTransport,
  });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined;
  const rateLimiter = redis
    ? createRedisRateLimiter(redis, clock)
    : createDatabaseRateLimiter(database.db, clock);
  const sessionSecret = await resolveSessionSecret(database.db, clock, config.sessionSecret);
  const signer = createUrlSigner({
    // A key of its own, derived from the session key, so a file URL can never pass for a session token.
    secret: createHmac('sha256', sessionSecret).update('signed file URLs').digest('base64url'),
    publicUrl: config.publicUrl,
    clock,
  });
  // S3 when a bucket is configured (ADR 016), else local disk. Both hand out the platform's own signed
  // URLs for what S3 cannot presign (uploads of a choice of types, or of no declared size).
  const storage = config.s3
    ? createS3Storage({ ...config.s3, signer })
    : createLocalDiskStorage({ root: config.filesDir, signer });
  const audit = auditModule({ db: database.db, clock });
  const teams = teamsModule({ db: database.db, clock, audit: audit.service });
  const territories = territoriesModule({ db: database.db, clock, audit: audit.service });
  const legal = legalModule({
    db: database.db,
    clock,
    storage,
    audit: audit.service,
    territoriesService: territories.service,
  });
  await legal.service.ensurePlaceholderFiles();
  const auth = authModule({
    db: database.db,
    clock,
    hasher: options.hasher ?? argon2Hasher,
    signer: createTokenSigner(sessionSecret),
    sessionCookie: createSessionCookie(sessionSecret),
    deviceTrust: createDeviceTrust(sessionSecret),
    rateLimiter,
    emailService: email.service,
    publicUrl: config.publicUrl,
    logger: app.log,
    signUpTermsId: (tncVersion) => legal.service.signUpTermsId(tncVersion),
    ...(options.authRateLimits ? { rateLimits: options.authRateLimits } : {}),
  });

  const webDistDir = config.webDistDir ?? DEFAULT_WEB_DIST_DIR;
  const webApp = hasWebBuild(webDistDir) ? createWebApp(webDistDir) : undefined;
  registerErrorHandling(app, webApp);
  registerSecurityHeaders(app, headersFor);
  // Answers of the API over 1 KB are compressed as they go; the web app's files were compressed when
  // it was built, and are served as they are.
  app.addHook('onRoute', (route) => {
    if (!isServerPath(route.url)) route.compress = false;
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody);
  // Cookies are read by the two routes that take one (sign-in, refresh), not parsed on every request.
  await app.register(cookie, { hook: false });
  registerInputGuard(app);
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/server-api/'),
    // Shared by every API process through Redis when there is one. The flood limit is a safety net,
    // so a Redis that does not answer lets requests through; the auth limits refuse instead (503).
    ...(redis ? { redis, nameSpace: 'rate-limit:flood:', skipOnError: true } : {}),
    // Counts are told only to a client that has gone over (Retry-After), not on every answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(429, ERROR_CODES.rateLimited, 'Too many requests. Please slow down.', undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  await registerOpenApi(app, config.apiDocs);
  registerAccess(app, {
    authenticate: (token) => auth.service.authenticate(token),
    resumeSession: (request, heldToken) =>
      auth.service.resumeSession(app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE], heldToken),
    resolveScope: (accountId, scope) =>
      scope === 'team'
        ? teams.service.teamIdsOf(accountId)
        : territories.service.managedTerritoryIds(accountId),
  });
  const idempotencyKeys = createIdempotencyStore(database.db, clock);
  registerIdempotency(app, {
    store: idempotencyKeys,
    ...(options.idempotencyWaitMs !== undefined ? { waitMs: options.idempotencyWaitMs } : {}),
  });

  const { providers } = config;
  const push =
    options.push ??
    (providers.fcm
      ? createFcmPushSender({
          serviceAccount: providers.fcm.serviceAccount,
          fcmBaseUrl: providers.fcm.baseUrl,
          clock,
          logger: app.log,
        })
      : createDisabledPushSender());
  const payoutsProvider =
    options.payouts ??
    (providers.stripe
      ? createStripeConnectPayouts({ ...providers.stripe, logger: app.log })
      : createOfflinePayouts());
  const lookups = lookupsModule({ db: database.db, clock, audit: audit.service });
  const creator = creatorModule({
    db: database.db,
    clock,
    logger: app.log,
    authService: auth.service,
    legalService: legal.service,
    lookupsService: lookups.service,
    audit: audit.service,
    emailService: email.service,
    storage,
    publicUrl: config.publicUrl,
    taxChecker: createTaxChecker({ ...providers, clock, logger: app.log }),
    payouts: payoutsProvider,
    push,
    externalKyc: providers.onfido ? createOnfidoClient({ ...providers.onfido, logger: app.log }) : null,
    kycWebhookToken: providers.onfido?.webhookToken,
    territoriesService: territories.service,
  });

  const scanner = config.clamd ? createClamdScanner({ ...config.clamd, logger: app.log }) : createNoScanner();
  const campaigns = campaignsModule({
    db: database.db,
    clock,
    audit: audit.service,
    teamsService: teams.service,
    territoriesService: territories.service,
    creatorService: creator.service.creator,
    storage,
    scanner,
  });

  const rsvps = rsvpsModule({
    db: database.db,
    clock,
    audit: audit.service,
    campaignsService: campaigns.service,
    creatorService: creator.service.creator,
  });

  const notifications = notificationsModule({
    db: database.db,
    clock,
    logger: app.log,
    emailService: email.service,
    authService: auth.service,
    creatorService: creator.service.creator,
    teamsService: teams.service,
    territoriesService: territories.service,
    push,
    publicUrl: config.publicUrl,
  });

  const payments = paymentsModule({
    db: database.db,
    clock,
    audit: audit.service,
    campaignsService: campaigns.service,
    notifications: notifications.service,
    creatorService: creator.service.creator,
    invoiceIssuer: config.invoiceIssuer,
    payouts: payoutsProvider,
    payoutDetailsKey: await resolvePayoutDetailsKey(database.db, clock, config.payoutDetailsKey),
    prizesSettleAfterMs: config.prizesSettleAfterMs,
  });

  const entries = entriesModule({
    db: database.db,
    clock,
    audit: audit.service,
    campaignsService: campaigns.service,
    rsvpsService: rsvps.service,
    creatorService: creator.service.creator,
    shortLinks: shortLinkResolverFor(config.postLinks, options.shortLinks),
    previews: postPreviewsFor(config.postLinks.previews, { logger: app.log }),
    storage,
    scanner,
    writeLimits: config.entryWrites,
    notifications: notifications.service,
    rewards: payments.service,
  });
  campaigns.service.useEntryCounts(entries.service.countOf);
  payments.service.usePosts(entries.service.measuredOfCampaign);
  creator.service.creatorsConsole.usePayments(payments.service.ofCreatorForStaff);
  creator.service.creatorsConsole.useParticipation({
    rsvpsOf: rsvps.service.ofCreatorForStaff,
    entriesOf: entries.service.ofCreatorForStaff,
    campaignNames: campaigns.service.campaignNames,
  });
  creator.service.creatorsConsole.usePush(notifications.service.pushNow);
  campaigns.service.useStaffNotifier(notifications.service.notifyStaff);
  campaigns.service.useCreatorNotifier(notifications.service.notify);
  creator.service.kyc.useStaffNotifier(notifications.service.notifyStaff);

  const metrics = metricsModule({
    db: database.db,
    clock,
    logger: app.log,
    audit: audit.service,
    campaignsService: campaigns.service,
    entriesService: entries.service,
    creatorService: creator.service.creator,
    sources: metricsSourcesFor(config.postMetrics, { clock, logger: app.log }),
    staffNotifier: notifications.service.notifyStaff,
    webhookSecret: config.metricsWebhookSecret,
    boardCacheMs: config.boardCacheMs,
  });

  const reports = reportsModule({
    db: database.db,
    clock,
    campaignsService: campaigns.service,
    paymentsService: payments.service,
    creatorService: creator.service.creator,
  });

  const staff = staffModule({
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
    rateLimiter,
    audit: audit.service,
    authService: auth.service,
    emailService: email.service,
    teamsService: teams.service,
    territoriesService: territories.service,
  });

  const modules = [
    healthModule({ databaseIsUp: () => database.ping() }),
    email,
    auth,
    audit,
    teams,
    territories,
    staff,
    lookups,
    legal,
    filesModule({ storage, signer }),
    setupModule({
      authService: auth.service,
      checks: {
        terms: async () => !(await legal.service.placeholdersInUse()),
        genres: () => lookups.service.hasLive('genre'),
        agencies: () => lookups.service.hasLive('agency'),
        artists: () => lookups.service.hasLive('artist'),
        territory: async () => (await territories.service.activeForCreators()).length > 0,
        team: () => teams.service.hasLiveTeam(),
        staff: () => staff.service.hasInvitedStaff(),
        email: () => emailTransport !== undefined,
        payments: () => payoutsProvider.name !== 'offline',
      },
    }),
    creator,
    campaigns,
    rsvps,
    entries,
    notifications,
    payments,
    metrics,
    reports,
    reportSharesModule({
      db: database.db,
      clock,
      audit: audit.service,
      campaignsService: campaigns.service,
      reportsService: reports.service,
      authService: auth.service,
      rateLimiter,
      // A key of its own, derived from the session key, so a report link can never pass for anything else.
      linkKey: createHmac('sha256', sessionSecret).update('report links').digest(),
      publicUrl: config.publicUrl,
    }),
  ];
  for (const { routes } of modules) if (routes) await app.register(routes);
  if (webApp) await webApp.register(app);

  return {
    app,
    draining,
    services: {
      auth: auth.service,
      email: email.service,
      audit: audit.service,
      teams: teams.service,
      territories: territories.service,
      legal: legal.service,
      creator: creator.service.creator,
      kyc: creator.service.kyc,
      campaigns: campaigns.service,
      entries: entries.service,
      notifications: notifications.service,
      metrics: metrics.service,
      payments: payments.service,
      rateLimiter,
      idempotencyKeys,
    },
    storage,
    emailTransport,
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
