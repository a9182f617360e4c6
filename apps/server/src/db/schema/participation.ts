import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RsvpStatus } from '@platform/shared';
import { accounts } from './accounts';
import { campaigns } from './campaigns';
import { creators } from './creators';

/**
 * A creator's place in a campaign (DESIGN §7): joined (a CHALLENGE), or invited and answering (a
 * BESPOKE one). One row per creator and campaign, moved along the RSVP machine; every move is audited.
 */
export const campaignRsvps = pgTable(
  'campaign_rsvps',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    status: text('status').$type<RsvpStatus>().notNull(),
    /** Who last invited the creator; null for a creator who joined by themselves. */
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('campaign_rsvps_campaign_creator_idx').on(table.campaignId, table.creatorId),
    index('campaign_rsvps_creator_idx').on(table.creatorId, table.status),
  ],
);
