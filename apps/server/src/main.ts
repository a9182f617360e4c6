import { resolve } from 'node:path';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { startJobQueueFor, startJobs } from './jobs/index';

const SHUTDOWN_DEADLINE_MS = 25_000;
/** How long refused clients get to read their 503 before the listener closes. */
const DRAIN_GRACE_MS = 1_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();

  let releaseLock: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    try {
      releaseLock = await lockDataDir(config.dataDir, (error) =>
        fail(`Lost the lock on ${resolve(config.dataDir)} (${error.message}); stopping to protect the data.`),
      );
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();

  const { app, draining, services, emailTransport } = await buildApp({ config, database });
  // Every process sends jobs (an approval in an API process queues the campaign's start and end);
  // workers also run them.
  const jobQueue = await startJobQueueFor({
    database,
    campaignsService: services.campaigns,
    clock: systemClock,
    logger: app.log,
    worker: config.role !== 'api',
  });
  const jobs =
    config.role === 'api'
      ? []
      : await startJobs({
          authService: services.auth,
          emailService: services.email,
          notificationsService: services.notifications,
          creatorService: services.creator,
          campaignsService: services.campaigns,
          entriesService: services.entries,
          metricsService: services.metrics,
          paymentsService: services.payments,
          rateLimiter: services.rateLimiter,
          idempotencyKeys: services.idempotencyKeys,
          queue: jobQueue,
          clock: systemClock,
          logger: app.log,
        });

  if (config.role !== 'worker') {
    const setupLink = await services.auth.issueFirstAdminSetupLink();
    if (setupLink) {
      app.log.warn(
        { link: setupLink },
        'No Admin exists yet. Open this one-time link to create the first Admin (a new link is issued at each start until then)',
      );
    }
    await app.listen({ port: config.port, host: config.host });
  }
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? resolve(config.dataDir) : undefined,
      role: config.role,
      email: emailTransport ? 'smtp' : 'outbox only',
    },
    `ready at ${config.publicUrl}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: refusing new requests, finishing the ones in flight');
    setTimeout(() => fail('Shutdown took too long; exiting.'), SHUTDOWN_DEADLINE_MS).unref();
    await draining.drain(DRAIN_GRACE_MS);
    await app.close();
    await Promise.all(jobs.map((job) => job.stop()));
    await jobQueue.stop();
    emailTransport?.close();
    await database.close();
    await releaseLock?.();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
