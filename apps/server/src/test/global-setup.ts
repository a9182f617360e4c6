import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied, as a tarball that each test database starts from. */
    migratedPgliteSnapshot: string | null;
    /** A database on TEST_DATABASE_URL's server with every migration applied, each test database's template. */
    migratedTemplateDatabase: string | null;
  }
}

/**
 * Migrates one database before the server's test files run, so that each of them copies it rather than
 * creating and migrating its own: an empty PGlite takes seconds to create, loading a dumped one a fraction
 * of that, and PostgreSQL copies a template database in milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, 'template');
    const database = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('migratedTemplateDatabase', new URL(template.url).pathname.slice(1));
    project.provide('migratedPgliteSnapshot', null);
    return template.drop;
  }
  const folder = await mkdtemp(join(tmpdir(), 'platform-migrated-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const snapshot = join(folder, 'pgdata.tar');
    await writeFile(snapshot, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('migratedPgliteSnapshot', snapshot);
  } finally {
    await database.close();
  }
  project.provide('migratedTemplateDatabase', null);
  return () => rm(folder, { recursive: true, force: true });
}
