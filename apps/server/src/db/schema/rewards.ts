import { bigint, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A share of a campaign's budget its rewards reached (50, 80 or 95 %) and its managers were told of, once
 * (ADR 038): written in the transaction that reserved past it, so two reservations never tell twice.
 */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    threshold: integer('threshold').notNull(),
    reservedMinor: bigint('reserved_minor', { mode: 'number' }).notNull(),
    budgetMinor: bigint('budget_minor', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.threshold] })],
);
