import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

// Only a database server has connections to lose: this runs in the PostgreSQL pass of the suite
// (TEST_DATABASE_URL), as CI does.
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection that breaks while idle', () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('is logged and replaced; the process lives on and the next request is answered', async () => {
    await Promise.all(Array.from({ length: 5 }, () => context.database.ping()));
    await context.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await expect
      .poll(() => context.logText(), { timeout: 15_000 })
      .toContain('a database connection broke while idle');
    const ready = await context.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
