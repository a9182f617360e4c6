import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OriginalityStatus } from '@platform/shared';
import { accounts } from './accounts';
import { campaignAssets, campaigns } from './campaigns';
import { campaignEntries } from './participation';

/**
 * A video's fingerprint (ADR 036): the digest of its bytes and a perceptual hash of frames sampled
 * through it, for an uploaded entry or a campaign's own footage uploaded by staff.
 */
export const videoFingerprints = pgTable(
  'video_fingerprints',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').references(() => campaignEntries.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => campaignAssets.id, { onDelete: 'cascade' }),
    /** The creator whose entry it is; null for the campaign's footage. */
    creatorId: uuid('creator_id'),
    sha256: text('sha256').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    /** Each sampled frame's time and 64-bit hashes, as hex: of the whole frame and of its centre. */
    frames: jsonb('frames').$type<{ atSeconds: number; hash: string; centreHash: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('video_fingerprints_sha256_idx').on(table.sha256),
    index('video_fingerprints_entry_idx').on(table.entryId),
    index('video_fingerprints_asset_idx').on(table.assetId),
  ],
);

/**
 * Each sampled frame's hash cut into four 16-bit bands: two frames within a few bits of each other share
 * at least one band, so candidates are found by index rather than by comparing with every video.
 */
export const videoFrameBands = pgTable(
  'video_frame_bands',
  {
    fingerprintId: uuid('fingerprint_id')
      .notNull()
      .references(() => videoFingerprints.id, { onDelete: 'cascade' }),
    band: smallint('band').notNull(),
    value: integer('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fingerprintId, table.band, table.value] }),
    index('video_frame_bands_lookup_idx').on(table.band, table.value),
  ],
);

/** What the originality check found for an uploaded entry, and its poster image. */
export const entryOriginality = pgTable(
  'entry_originality',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    status: text('status').$type<OriginalityStatus>().notNull(),
    /** The closest other video, an entry's or the campaign's footage, and how far (0 same … 1 unrelated). */
    closestFingerprintId: uuid('closest_fingerprint_id').references(() => videoFingerprints.id, {
      onDelete: 'set null',
    }),
    distance: doublePrecision('distance'),
    /** Why no fingerprint could be taken (UNAVAILABLE). */
    reason: text('reason'),
    posterKey: text('poster_key'),
    attempts: integer('attempts').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A reviewer who looked at the match side by side and let the entry through. */
    clearedBy: uuid('cleared_by').references(() => accounts.id, { onDelete: 'set null' }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('entry_originality_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);
