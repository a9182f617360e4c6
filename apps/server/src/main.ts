import { resolve } from 'node:path';
import { buildApp, type BuiltApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
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

/** The data directory's lock for an embedded database (one process per directory); none for PostgreSQL. */
async function lockEmbeddedData(config: Config): Promise<(() => Promise<void>) | undefined> {
  if (config.databaseUrl) return undefined;
  try {
    return await lockDataDir(config.dataDir, (error) =>
      fail(`Lost the lock on ${resolve(config.dataDir)} (${error.message}); stopping to protect the data.`),
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
}

async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  return database;
}

/** Serves HTTP unless this is a worker, telling the operator how to create the first Admin until one exists. */
async function listen(config: Config, built: BuiltApp, database: DatabaseHandle): Promise<void> {
  const { app, services, emailTransport } = built;
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
}

async function main(): Promise<void> {
  const config = readConfig();
  const releaseLock = await lockEmbeddedData(config);
  const database = await openMigratedDatabase(config);
  const built = await buildApp({ config, database });
  const { app, draining, services, emailTransport } = built;
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
          services,
          queue: jobQueue,
          clock: systemClock,
          logger: app.log,
          pollMaxMs: config.jobsPollMaxMs,
        });
  await listen(config, built, database);

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
