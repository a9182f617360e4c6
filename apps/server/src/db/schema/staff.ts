import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MarketingRole } from '@platform/shared';
import { accounts } from './accounts';

/**
 * An Admin's invitation of a colleague: a single-use link (only the SHA-256 of its token is kept) that sets
 * the password and creates the staff account with its role, teams and territories.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<MarketingRole>().notNull(),
    teamIds: jsonb('team_ids').$type<string[]>().notNull().default([]),
    territoryIds: jsonb('territory_ids').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (table) => [index('staff_invitations_email_idx').on(table.email)],
);
