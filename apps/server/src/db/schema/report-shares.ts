import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { campaigns } from './campaigns';

/**
 * Read-only links to a campaign's report (issue 13, ADR 027). The link's token is signed from the row's id
 * and is never stored; whether a link still works is read here on every open, so a revoke counts at once.
 * Owned by the report-shares module.
 */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => accounts.id),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (table) => [index('report_shares_campaign_idx').on(table.campaignId, table.createdAt)],
);
