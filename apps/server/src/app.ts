import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@platform/shared';
import { s3UrlOrigin } from './adapters/storage/s3-storage';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError } from './errors';
import { SESSION_COOKIE } from './modules/auth/auth.routes';
import { MODULES } from './modules/index';
import { composeModules } from './modules/registry';
import { createPlatform, type Platform, type PlatformOverrides } from './platform';
import { registerAccess } from './plugins/access';
import { limitConnectionsPerAddress } from './plugins/connection-limits';
import { registerDraining } from './plugins/draining';
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
import { responseSerializerCompiler } from './plugins/response-serializer';
import {
  BARE_SECURITY_HEADERS,
  registerSecurityHeaders,
  securityHeadersWith,
} from './plugins/security-headers';
import { createWebApp, hasWebBuild } from './plugins/web-app';

export type AppOptions = PlatformOverrides & {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go (stdout by default); tests capture them to check that no secret is logged. */
  logStream?: DestinationStream;
  /** How long a request waits for the first one with the same Idempotency-Key (10 s unless told). */
  idempotencyWaitMs?: number;
};

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The composition root: the HTTP server, the platform (database, clock, adapters), every module built
 * from its declaration in dependency order, the cross-cutting plugins, then the modules' routes.
 */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  // Files in S3 are uploaded to and shown from the bucket's own origin, which the pages must allow.
  const fileOrigin = config.s3 ? await s3UrlOrigin(config.s3) : undefined;
  const headersFor = securityHeadersWith({ onfido: Boolean(config.providers.onfido), fileOrigin });
  const app = createServer(options, headersFor);
  const draining = registerDraining(app);
  const platform = await createPlatform(app, config, database, options);
  const { services, routes } = await composeModules(platform, MODULES);

  const webDistDir = config.webDistDir ?? DEFAULT_WEB_DIST_DIR;
  const webApp = hasWebBuild(webDistDir) ? createWebApp(webDistDir) : undefined;
  registerErrorHandling(app, webApp);
  registerSecurityHeaders(app, headersFor);
  await registerRequestPlugins(app, platform);
  registerAccess(app, {
    authenticate: (token) => services.auth.authenticate(token),
    resumeSession: (request, heldToken) =>
      services.auth.resumeSession(app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE], heldToken),
    resolveScope: (accountId, scope) =>
      scope === 'team'
        ? services.teams.teamIdsOf(accountId)
        : services.territories.managedTerritoryIds(accountId),
  });
  const idempotencyKeys = createIdempotencyStore(database.db, platform.clock);
  registerIdempotency(app, {
    store: idempotencyKeys,
    ...(options.idempotencyWaitMs !== undefined ? { waitMs: options.idempotencyWaitMs } : {}),
  });
  for (const module of routes) await app.register(module.routes);
  if (webApp) await webApp.register(app);

  return {
    app,
    draining,
    services: { ...services, rateLimiter: platform.rateLimiter, idempotencyKeys },
    storage: platform.storage,
    emailTransport: platform.emailTransport,
  };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** Fastify with its logger, time-outs and the answers to what cannot be routed, and a request id on every answer. */
function createServer(
  options: AppOptions,
  headersFor: ReturnType<typeof securityHeadersWith>,
): FastifyInstance {
  const { config, database } = options;
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  return app;
}

/** Compression, body parsers, cookies, the input guard, the flood limit and the OpenAPI document. */
async function registerRequestPlugins(app: FastifyInstance, platform: Platform): Promise<void> {
  const { config, redis } = platform;
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
}
