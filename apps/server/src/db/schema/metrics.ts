import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { MetricsReadingSource, ViewRiskSignalCode } from '@platform/shared';
import { accounts } from './accounts';
import { campaignEntries } from './participation';

/**
 * What an entry's post counted at a time, and who said so (DESIGN §8): append-only. The entry's figures
 * are its latest reading (by when they were read, then when they were stored); a staff correction is a
 * reading of its own beside the one it replaces, never an update, so what a leaderboard showed can always
 * be told again.
 */
export const entryMetricReadings = pgTable(
  'entry_metric_readings',
  {
    id: uuid('id').primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    /** Null where the source does not say: never 0, which would rank a hidden count as no count. */
    views: bigint('views', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    comments: bigint('comments', { mode: 'number' }),
    shares: bigint('shares', { mode: 'number' }),
    source: text('source').$type<MetricsReadingSource>().notNull(),
    /** When the source read the figures; a correction keeps the time of the reading it corrects. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** The staff member who imported or corrected the figures. */
    recordedBy: uuid('recorded_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The reading a staff correction replaces. */
    corrects: uuid('corrects').references((): AnyPgColumn => entryMetricReadings.id),
    note: text('note'),
  },
  (table) => [
    index('entry_metric_readings_latest_idx').on(table.entryId, table.readAt, table.recordedAt),
    // A source says a post's figures once for a time: a webhook delivered again, or a file imported
    // again, records nothing new. Corrections are the exception: each is a decision of its own.
    uniqueIndex('entry_metric_readings_once_idx')
      .on(table.entryId, table.source, table.readAt)
      .where(sql`${table.source} <> 'staff-correction'`),
    check(
      'entry_metric_readings_counts_check',
      sql`coalesce(${table.views}, 0) >= 0 and coalesce(${table.likes}, 0) >= 0 and coalesce(${table.comments}, 0) >= 0 and coalesce(${table.shares}, 0) >= 0`,
    ),
  ],
);

/**
 * When each approved entry's post is next asked for its figures, and how the last attempts went: the
 * refresh job's queue. A claimed row's next attempt is pushed past the claim, so two workers never read
 * the same post at once and a worker that dies gives its posts back when the claim runs out.
 */
export const entryMetricSchedule = pgTable(
  'entry_metric_schedule',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Answers without figures in a row since the last figures: the backoff's count. */
    attempts: integer('attempts').notNull().default(0),
    /** `metrics`, or why there were none (`not-found`, `quota-exceeded`, …); null before the first. */
    lastOutcome: text('last_outcome'),
    /**
     * Read until then even after its campaign ended: a paid post is watched through the campaign's
     * clawback retention, so that a takedown is seen (ADR 037). Null: only while the campaign is live.
     */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('entry_metric_schedule_due_idx').on(table.nextAttemptAt)],
);

/**
 * Views staff found were not real and took out of an entry's figure (ADR 037): those gained in a window,
 * taken off every reading read after the window began. Never updated; the figure a payment was made on
 * can be told again.
 */
export const entryViewExclusions = pgTable(
  'entry_view_exclusions',
  {
    id: uuid('id').primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    holdId: uuid('hold_id'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('entry_view_exclusions_entry_idx').on(table.entryId),
    check('entry_view_exclusions_window_check', sql`${table.views} >= 0 and ${table.toAt} > ${table.fromAt}`),
  ],
);

/** A signal as stored: dates as ISO strings, as JSON keeps them. */
export type StoredRiskSignal = {
  code: ViewRiskSignalCode;
  value: number;
  threshold: number;
  weight: number;
  sentence: string;
  window: { from: string; to: string; views: number } | null;
};

/** An entry's latest risk score and the signals behind it (ADR 037), replaced at each assessment. */
export const entryRiskAssessments = pgTable('entry_risk_assessments', {
  entryId: uuid('entry_id')
    .primaryKey()
    .references(() => campaignEntries.id, { onDelete: 'cascade' }),
  score: integer('score').notNull(),
  signals: jsonb('signals').$type<StoredRiskSignal[]>().notNull(),
  /** The newest reading the score saw: a later one makes the entry due for assessment again. */
  readingsThrough: timestamp('readings_through', { withTimezone: true }),
  assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull(),
});
