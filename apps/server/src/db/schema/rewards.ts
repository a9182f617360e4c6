import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

/**
 * A closed leaderboard whose prizes were given (TOP_PRIZES at the campaign's end, period 0; SPRINT per
 * period): written in the settling transaction, so a second run, or a second worker, finds it and gives
 * nothing twice.
 */
export const prizeSettlements = pgTable(
  'prize_settlements',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    /** The SPRINT period, from 1; 0 for a TOP_PRIZES campaign's one board. */
    period: integer('period').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** How many entries the closed board ranked, and how many prizes were given. */
    ranked: integer('ranked').notNull(),
    prizesGiven: integer('prizes_given').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.period] })],
);
