import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ERROR_CODES, IDEMPOTENT_REPLAYED_HEADER } from '@platform/shared';
import { errorOf, type TestApp } from './harness';
import { expectLedgerBalanced } from './ledger';

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Request options carrying a fresh Idempotency-Key. */
export type Keyed = { headers: { 'idempotency-key': string } };

const keyed = (): Keyed => ({ headers: { 'idempotency-key': randomUUID() } });

/**
 * Sends a write with a key, the same write again, and another write with the same key (DESIGN §5, ADR 019):
 * the retry replays the first answer byte for byte, marked `Idempotent-Replayed: true`, the other is 422,
 * and neither writes a row anywhere (entries, rewards, payments, ledger lines, invoices, payouts, audit,
 * notifications), the ledger still balancing. Answers the first.
 */
export async function retriedWithOneKey(
  context: TestApp,
  send: (options: Keyed) => Promise<Answer>,
  sendOther: (options: Keyed) => Promise<Answer>,
  expectedStatus = 200,
): Promise<Answer> {
  const options = keyed();
  const first = await send(options);
  expect(first.statusCode, first.body).toBe(expectedStatus);
  expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
  const afterFirst = await context.rowCounts();
  const again = await send(options);
  expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.body).toBe(first.body);
  const other = await sendOther(options);
  expect(other.statusCode, other.body).toBe(422);
  expect(errorOf(other).code).toBe(ERROR_CODES.idempotencyKeyReused);
  expect(await context.rowCounts()).toEqual(afterFirst);
  await expectLedgerBalanced(context);
  return first;
}
