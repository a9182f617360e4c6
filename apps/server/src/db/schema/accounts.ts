import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountRole } from '@platform/shared';

/** Whether the account may sign in: an Admin disables staff, and a creator who deactivates is INACTIVE. */
export type AccountStatus = 'ACTIVE' | 'INACTIVE';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** The name staff are known by in the console; creators keep theirs in their profile. */
  displayName: text('display_name'),
  role: text('role').$type<AccountRole>().notNull(),
  status: text('status').$type<AccountStatus>().notNull(),
  passwordHash: text('password_hash').notNull(),
  /** A password set by a change or reset has a minimum age; the sign-up password does not. */
  passwordMinimumAgeApplies: boolean('password_minimum_age_applies').notNull().default(false),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
});

export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('password_history_account_idx').on(table.accountId, table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

export type AuthTokenPurpose = 'verify-email' | 'reset-password' | 'first-admin';

/** Single-use links sent by email or logged at first run; only the SHA-256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').$type<AuthTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('auth_tokens_account_idx').on(table.accountId, table.purpose)],
);
