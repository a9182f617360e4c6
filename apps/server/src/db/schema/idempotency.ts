import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Bytes kept as they are, so that a stored answer is replayed exactly as it was first sent. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // pg reads bytea as a Buffer, PGlite as a plain Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A caller's Idempotency-Key on one route (DESIGN §5, ADR 019): claimed before the handler runs, then
 * holding the answer to replay. The primary key is what concurrent requests race on.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The route's pattern (`/server-api/campaigns/rsvp/:id`), not the path that was called. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request (method, route, parameters, query and body, as canonical JSON). */
    requestHash: text('request_hash').notNull(),
    /** Which request holds the key: only that one may record the answer or let the key go. */
    claimId: uuid('claim_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** Null while the first request is still running. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string | string[]>>(),
    responseBody: bytes('response_body'),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.method, table.route, table.key] }),
    index('idempotency_keys_claimed_at_idx').on(table.claimedAt),
  ],
);
