import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CreatorPlatform, HandleVerificationMethod, HandleVerificationStatus } from '@platform/shared';
import { accounts } from './accounts';
import { creatorHandles, creators } from './creators';

/**
 * A creator's handle proved to be theirs (ADR 036): how, when and by whom, and the platform's own id of
 * the account where the proof named one, so a renamed handle stays the same account. The row goes with
 * the handle: a creator who changes or removes the handle loses its verification.
 */
export const verifiedHandles = pgTable(
  'verified_handles',
  {
    creatorId: uuid('creator_id').notNull(),
    platform: text('platform').$type<CreatorPlatform>().notNull(),
    handleKey: text('handle_key').notNull(),
    /** The platform's immutable id of the account (a YouTube channel id, a TikTok open_id…), when known. */
    accountId: text('account_id'),
    method: text('method').$type<HandleVerificationMethod>().notNull(),
    /** The attempt that proved it (a bio code, a piece of evidence or an OAuth connection). */
    attemptId: uuid('attempt_id').notNull(),
    /** Support's account for evidence; null when the platform itself answered. */
    verifiedBy: uuid('verified_by').references(() => accounts.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.creatorId, table.platform] }),
    foreignKey({
      columns: [table.creatorId, table.platform],
      foreignColumns: [creatorHandles.creatorId, creatorHandles.platform],
    }).onDelete('cascade'),
    uniqueIndex('verified_handles_account_idx')
      .on(table.platform, table.accountId)
      .where(sql`${table.accountId} is not null`),
  ],
);

/**
 * Each way a creator tried to prove a handle: a code to place in the bio, a piece of evidence for Support,
 * or an OAuth connection. Kept after it ends, so the profile and the console can say what happened.
 */
export const handleVerificationAttempts = pgTable(
  'handle_verification_attempts',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    platform: text('platform').$type<CreatorPlatform>().notNull(),
    /** The handle as it was when the attempt began; a later handle is a new attempt. */
    handle: text('handle').notNull(),
    method: text('method').$type<HandleVerificationMethod>().notNull(),
    status: text('status').$type<HandleVerificationStatus>().notNull(),
    /** The one-time code to place in the bio (BIO_CODE). */
    code: text('code'),
    /** The uploaded screen recording (EVIDENCE), its type and size. */
    evidenceKey: text('evidence_key'),
    evidenceContentType: text('evidence_content_type'),
    /** Why Support refused the evidence, or why the platform's answer did not prove the handle. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When a bio code or an OAuth round trip stops being accepted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('handle_verification_attempts_creator_idx').on(table.creatorId, table.platform, table.createdAt),
    index('handle_verification_attempts_pending_idx')
      .on(table.method, table.createdAt)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);

/**
 * An OAuth round trip under way: the state sent to the platform and the PKCE verifier kept for the code's
 * exchange (sealed). Used once.
 */
export const oauthRoundTrips = pgTable('oauth_round_trips', {
  state: text('state').primaryKey(),
  attemptId: uuid('attempt_id')
    .notNull()
    .references(() => handleVerificationAttempts.id, { onDelete: 'cascade' }),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => creators.accountId, { onDelete: 'cascade' }),
  platform: text('platform').$type<CreatorPlatform>().notNull(),
  codeVerifierSealed: text('code_verifier_sealed').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The tokens a connected account gave, sealed at rest, for reading its posts' facts later. */
export const connectedAccountTokens = pgTable(
  'connected_account_tokens',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    platform: text('platform').$type<CreatorPlatform>().notNull(),
    accountId: text('account_id').notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    scope: text('scope'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.creatorId, table.platform] })],
);
