import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { AuthRateLimits } from '../modules/auth/auth.service';
import { argon2Hasher, type PasswordHasher } from '../modules/auth/auth.passwords';
import type { Clock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { emailOutbox } from '../db/schema/index';
import type { EmailTransport } from '../adapters/email/email-transport';
import type { PayoutsProvider } from '../adapters/payouts/payouts-provider';
import type { PushSender } from '../adapters/push/push-sender';
import type { ShortLinkResolverOptions } from '../adapters/post-links/short-link-resolver';
import { SHIPPED_DOCUMENT_IDS } from '../modules/legal/legal.placeholders';
import { collectInto } from './capture';
import { createScratchDatabase } from './scratch-database';

/** A clock that a test moves by hand; it also ticks 1 ms per reading so that writes keep their order. */
export function createTestClock(start = new Date('2026-11-21T09:00:00.000Z')) {
  let now = start.getTime();
  return {
    now: () => new Date((now += 1)),
    advance(milliseconds: number) {
      now += milliseconds;
    },
  } satisfies Clock & { advance(milliseconds: number): void };
}
export type TestClock = ReturnType<typeof createTestClock>;

/** Counts what reaches the real hasher. */
export function createCountingHasher(inner: PasswordHasher = argon2Hasher) {
  const counts = { hash: 0, verify: 0 };
  return {
    counts,
    hash: (password: string) => {
      counts.hash += 1;
      return inner.hash(password);
    },
    verify: (passwordHash: string, password: string) => {
      counts.verify += 1;
      return inner.verify(passwordHash, password);
    },
  };
}

const GENEROUS = { limit: 10_000, windowSeconds: 60 };
/** Every auth limit out of the way, for tests that sign the same accounts in many times. */
export const NO_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: GENEROUS,
  signInPerAccount: GENEROUS,
  signUpPerIp: GENEROUS,
  signUpPerAccount: GENEROUS,
  forgotPasswordPerIp: GENEROUS,
  forgotPasswordPerAccount: GENEROUS,
  verifyPerIp: GENEROUS,
  resendVerificationPerAccount: GENEROUS,
  resetPasswordPerIp: GENEROUS,
  firstAdminPerIp: GENEROUS,
};
/** Per-IP limits out of the way (every injected request comes from one address); per-account limits as in production. */
export const TEST_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: GENEROUS,
  signInPerAccount: { limit: 10, windowSeconds: 900 },
  signUpPerIp: GENEROUS,
  signUpPerAccount: { limit: 5, windowSeconds: 3600 },
  forgotPasswordPerIp: GENEROUS,
  forgotPasswordPerAccount: { limit: 5, windowSeconds: 3600 },
  verifyPerIp: GENEROUS,
  resendVerificationPerAccount: { limit: 5, windowSeconds: 3600 },
  resetPasswordPerIp: GENEROUS,
  firstAdminPerIp: GENEROUS,
};

/**
 * A fresh database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server that is dropped afterwards. It is a copy of the one the
 * global set-up migrated, unless `empty` is asked for (a test of the migrations themselves).
 */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = options.empty ? null : inject('migratedPgliteSnapshot');
    return openDatabase({
      kind: 'pglite',
      dataDir: 'memory',
      ...(snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {}),
    });
  }
  const template = options.empty ? null : inject('migratedTemplateDatabase');
  const scratch = await createScratchDatabase(serverUrl, 'test', template ?? undefined);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

export type TestAppOptions = {
  clock?: TestClock;
  hasher?: PasswordHasher;
  authRateLimits?: AuthRateLimits;
  emailTransport?: EmailTransport;
  environment?: Record<string, string>;
  /** Another app on the same database, as a second API process would be; the caller keeps it open. */
  database?: DatabaseHandle;
  payouts?: PayoutsProvider;
  push?: PushSender;
  idempotencyWaitMs?: number;
  /** How TikTok short links reach TikTok: a fake TikTok, for tests that follow them. */
  shortLinks?: ShortLinkResolverOptions;
  /** Routes only a test needs (one that fails on purpose, say), added before the app is ready. */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
};

export const PUBLIC_URL = 'http://app.test';

/** The path and query of a signed file URL: what a browser sends to this server for it. */
export function signedUrlPath(url: string): string {
  if (!url.startsWith(`${PUBLIC_URL}/server-api/files/`)) throw new Error(`not a signed file URL: ${url}`);
  return url.slice(PUBLIC_URL.length);
}

/** Every file under `filesDir` (an app's file storage), finished or not, as paths under it. */
export async function storedPaths(filesDir: string): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(filesDir.length + 1))
    .sort();
}

export type ErrorBody = {
  error: {
    code: string;
    message: string;
    details?: { field: string; message: string }[];
    requestId?: string;
  };
};

/** The error of an answer in the API's error format. */
export const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().error;

export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await openTestDatabase());
  if (!options.database) await database.migrate();
  const clock = options.clock ?? createTestClock();
  const logLines: string[] = [];
  const logStream = collectInto(logLines);
  // Each app keeps its files in a directory of its own, removed when it closes.
  const filesDir = await mkdtemp(join(tmpdir(), 'platform-files-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent-web-build',
    FILES_DIR: filesDir,
    // Tests write figures straight to their table, past the service that tells the boards: each read ranks.
    LEADERBOARD_CACHE_SECONDS: '0',
    ...options.environment,
  });
  const hasher = options.hasher ?? argon2Hasher;
  const { app, services, storage } = await buildApp({
    config,
    database,
    clock,
    hasher,
    authRateLimits: options.authRateLimits ?? TEST_RATE_LIMITS,
    logStream,
    ...(options.emailTransport ? { emailTransport: options.emailTransport } : {}),
    ...(options.payouts ? { payouts: options.payouts } : {}),
    ...(options.push ? { push: options.push } : {}),
    ...(options.idempotencyWaitMs !== undefined ? { idempotencyWaitMs: options.idempotencyWaitMs } : {}),
    ...(options.shortLinks ? { shortLinks: options.shortLinks } : {}),
  });
  if (options.extraRoutes) await app.register(options.extraRoutes);
  await app.ready();

  const form = (
    url: string,
    body: Record<string, string> = {},
    token?: string,
    remoteAddress = '127.0.0.1',
  ) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: new URLSearchParams(body).toString(),
    });

  const emails = {
    async all() {
      return database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt));
    },
    async to(recipient: string) {
      return database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.recipient, recipient))
        .orderBy(desc(emailOutbox.createdAt));
    },
    /** The hint from the newest email to `recipient` whose link goes to `path`. */
    async latestHint(recipient: string, path: '/verify' | '/reset-password'): Promise<string> {
      const found = (await this.to(recipient)).find((email) =>
        email.actionUrl?.startsWith(`${PUBLIC_URL}${path}?`),
      );
      const hint = found?.actionUrl ? new URL(found.actionUrl).searchParams.get('hint') : null;
      if (!hint) throw new Error(`no ${path} email to ${recipient}`);
      return hint;
    },
  };

  /** The number of rows in every table, to show that a refused request wrote nothing. */
  const rowCounts = async (): Promise<Record<string, number>> => {
    type Rows<Row> = { rows: Row[] };
    const query = async <Row>(statement: ReturnType<typeof sql>) =>
      ((await database.db.execute<Row & Record<string, unknown>>(statement)) as Rows<Row>).rows;
    const tables = await query<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [result] = await query<{ rows: number }>(
        sql`select count(*)::int as rows from ${sql.identifier(name)}`,
      );
      counts[name] = result?.rows ?? 0;
    }
    return counts;
  };

  return {
    app,
    db: database.db,
    rowCounts,
    database,
    services,
    storage,
    clock,
    hasher,
    form,
    emails,
    logText: () => logLines.join(''),
    filesDir,
    async close() {
      await app.close();
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The terms every install ships with: what a test's creator accepts at sign-up. */
export const SHIPPED_TERMS_ID = SHIPPED_DOCUMENT_IDS.TERMS;

export const STRONG_PASSWORD = 'Tr4vel-Nimbus-82!';
export const OTHER_STRONG_PASSWORD = 'Quartz#Lantern-519';

/** Signs up, verifies and signs in; returns the session token. */
export async function signedUpCreator(
  context: TestApp,
  email = `creator-${randomUUID().slice(0, 8)}@example.com`,
  password = STRONG_PASSWORD,
) {
  await context.form('/api/auth/sign-up', {
    username: email,
    password,
    tncVersion: SHIPPED_TERMS_ID,
    deviceToken: '',
  });
  const hint = await context.emails.latestHint(email, '/verify');
  await context.form('/api/auth/verify', { hint });
  const signIn = await context.form('/api/auth/sign-in', { username: email, password });
  const token = signIn.json<{ id_token: string }>().id_token;
  return { email, password, token };
}
