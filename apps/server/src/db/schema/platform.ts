import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (rate limits before any hashing). */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** The window's length, so that one statement can count keys whose windows differ. */
  windowSeconds: integer('window_seconds').notNull().default(0),
  hits: integer('hits').notNull(),
});

/** Server-generated values that every process must agree on, such as the session signing key. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
