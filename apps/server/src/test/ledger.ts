import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** Every ledger transaction balances, and so does the whole ledger (ADR 023). */
export async function expectLedgerBalanced(context: TestApp): Promise<void> {
  type Sums = { total: string; unbalanced: string };
  const result = await context.db.execute<Sums>(
    sql`select coalesce(sum(amount_minor), 0)::text as total,
               (select count(*) from (select transaction_id from ledger_lines group by transaction_id
                                      having sum(amount_minor) <> 0) unbalanced)::text as unbalanced
        from ledger_lines`,
  );
  expect((result as { rows: Sums[] }).rows[0]).toEqual({ total: '0', unbalanced: '0' });
}
