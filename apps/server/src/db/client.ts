import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Transaction;

/**
 * A query built once per database and kept prepared: Drizzle does not build its SQL again, and on
 * PostgreSQL it is a named statement that each connection parses and plans once. For the few queries
 * every request runs; the rest are built per call, which is simpler and costs microseconds.
 */
export function preparedPerDatabase<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const prepared = new WeakMap<Database, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Told of a pooled PostgreSQL connection that broke while idle (the pool replaces it). */
  onIdleConnectionError(listener: (error: Error) => void): void;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseLocation =
  | {
      kind: 'pglite';
      /** 'memory' keeps the database in memory (tests) */
      dataDir: string;
      /** A data directory dumped by `dumpDataDir()` (a tarball) to start from instead of an empty one. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: location.poolSize ?? 10 });
    // Without a listener, an idle connection that breaks (PostgreSQL restarting, a terminated backend)
    // would be an unhandled 'error' event and end the process; the pool drops it and connects anew.
    const idleErrorListeners = new Set<(error: Error) => void>();
    pool.on('error', (error) => idleErrorListeners.forEach((listener) => listener(error)));
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres({ client: pool }), { migrationsFolder }),
      ping: () => ping(db),
      close: () => pool.end(),
      onIdleConnectionError: (listener) => idleErrorListeners.add(listener),
    };
  }
  let dataDir: string | undefined;
  if (location.dataDir !== 'memory') {
    dataDir = join(location.dataDir, 'pgdata');
    await mkdir(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(location.loadDataDir ? { loadDataDir: location.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
    // An embedded database has no connections to lose.
    onIdleConnectionError: () => undefined,
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
