import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { MarketingPlatform } from '@platform/shared';
import { campaigns } from './campaigns';
import { campaignEntries } from './participation';

// A campaign report's sums, kept by the database (the triggers of migration 0029, ADR 040) in the
// transaction that changes what they count: a reading, an entry's status, platform, creator or submission,
// a creator's country. A report reads a few rows per day and per breakdown, not every entry. `views` and
// the other sums count a figure the source did not say as 0; `viewed` counts the entries whose latest
// reading gave views, so that a sum of no views at all is still told apart from a sum of 0.

const sums = () => ({
  views: bigint('views', { mode: 'number' }).notNull(),
  likes: bigint('likes', { mode: 'number' }).notNull(),
  comments: bigint('comments', { mode: 'number' }).notNull(),
  shares: bigint('shares', { mode: 'number' }).notNull(),
});

/** Each approved entry's figures as a report shows them: its latest reading, without the board's cut-off. */
export const reportEntryFigures = pgTable(
  'report_entry_figures',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    platform: text('platform').$type<MarketingPlatform>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    views: bigint('views', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    comments: bigint('comments', { mode: 'number' }),
    shares: bigint('shares', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    // The top entries: the most views first, ties to the earlier submission, then the id.
    index('report_entry_figures_top_idx').on(
      table.campaignId,
      table.views.desc().nullsLast(),
      table.submittedAt,
      table.entryId,
    ),
    index('report_entry_figures_creator_idx').on(table.campaignId, table.creatorId),
    index('report_entry_figures_read_idx').on(table.campaignId, table.readAt),
  ],
);

/** Each approved entry's last reading of each UTC day it was read on (a figure not said counts 0). */
export const reportEntryDays = pgTable(
  'report_entry_days',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    ...sums(),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.day] })],
);

/**
 * What each UTC day changed in the campaign's sums: each approved entry's last reading of the day less its
 * last reading of an earlier day. A day's figures are the changes up to it added together.
 */
export const reportDayChanges = pgTable(
  'report_day_changes',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...sums(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/** The approved entries' sums per platform; a platform without approved entries has no row. */
export const reportPlatformTotals = pgTable(
  'report_platform_totals',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<MarketingPlatform>().notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    viewed: bigint('viewed', { mode: 'number' }).notNull(),
    ...sums(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.platform] })],
);

/** Each creator's sums over their approved entries, with the country the creator gives. */
export const reportCreatorTotals = pgTable(
  'report_creator_totals',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    country: text('country'),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    viewed: bigint('viewed', { mode: 'number' }).notNull(),
    ...sums(),
    firstSubmittedAt: timestamp('first_submitted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.creatorId] }),
    // The top creators: the most views first, ties to the earlier first submission, then the id.
    index('report_creator_totals_top_idx')
      .on(table.campaignId, table.views.desc(), table.firstSubmittedAt, table.creatorId)
      .where(sql`${table.viewed} > 0`),
  ],
);

/** The approved entries' sums per creators' country; no country is a row of its own. */
export const reportCountryTotals = pgTable(
  'report_country_totals',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    country: text('country'),
    creators: bigint('creators', { mode: 'number' }).notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    viewed: bigint('viewed', { mode: 'number' }).notNull(),
    ...sums(),
  },
  (table) => [
    unique('report_country_totals_country_key').on(table.campaignId, table.country).nullsNotDistinct(),
  ],
);

/**
 * The campaign's counts of creators who joined (RSVPs accepted) and of entries submitted (whatever their
 * status), approved and rejected; a campaign without RSVPs or entries has no row.
 */
export const reportCounts = pgTable('report_counts', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  joined: bigint('joined', { mode: 'number' }).notNull(),
  submitted: bigint('submitted', { mode: 'number' }).notNull(),
  approved: bigint('approved', { mode: 'number' }).notNull(),
  rejected: bigint('rejected', { mode: 'number' }).notNull(),
});
