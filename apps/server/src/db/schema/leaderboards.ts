import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MetricsReadingSource } from '@platform/shared';
import { campaigns } from './campaigns';
import { campaignEntries } from './participation';

/**
 * Each approved entry's counted figure on each board it is on (ADR 039): board 0 is the campaign's, board N
 * a sprint's period N, whose figure is frozen at the period's close. The database keeps it (the triggers of
 * migration 0028) in the transaction that changes what counts: a reading, a view exclusion, the entry's
 * status or submission, the campaign's dates, reward or lock. `views` is after exclusions; null while the
 * entry has no reading, which leaves it unranked.
 */
export const leaderboardFigures = pgTable(
  'leaderboard_figures',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    board: integer('board').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    views: bigint('views', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    comments: bigint('comments', { mode: 'number' }),
    shares: bigint('shares', { mode: 'number' }),
    source: text('source').$type<MetricsReadingSource>(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.board] }),
    // The board's order: the most views first, ties to the earlier submission, then the id; no views last.
    index('leaderboard_figures_rank_idx').on(
      table.campaignId,
      table.board,
      table.views.desc().nullsLast(),
      table.submittedAt,
      table.entryId,
    ),
    index('leaderboard_figures_creator_idx').on(table.campaignId, table.board, table.creatorId),
    index('leaderboard_figures_read_idx').on(table.campaignId, table.board, table.readAt),
    index('leaderboard_figures_submitted_idx').on(table.campaignId, table.board, table.submittedAt),
  ],
);

/**
 * How many entries of a board have views in each bucket, at several widths (ADR 039), so that the entries
 * ranked ahead of a figure are a sum over a few hundred rows, not a count of every entry ahead: level L
 * counts the views `>> L`; level -1, bucket 0, counts every entry of the board, ranked or not.
 */
export const leaderboardCounts = pgTable(
  'leaderboard_counts',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    board: integer('board').notNull(),
    level: integer('level').notNull(),
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.board, table.level, table.bucket] })],
);
