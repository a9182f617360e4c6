import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AssetScanStatus, EntryRejectionReason, HoldStatus } from '@platform/shared';
import { accounts } from './accounts';
import { campaigns } from './campaigns';
import type { StoredRiskSignal } from './metrics';
import { campaignEntries } from './participation';

/**
 * An entry's earnings held for review because its score passed the campaign's (ADR 037): what was seen,
 * the creator's one appeal, and how staff decided. One open hold per entry.
 */
export const entryHolds = pgTable(
  'entry_holds',
  {
    id: uuid('id').primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    status: text('status').$type<HoldStatus>().notNull(),
    score: integer('score').notNull(),
    signals: jsonb('signals').$type<StoredRiskSignal[]>().notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    appealNote: text('appeal_note'),
    /** The creator's screen recording of the platform's own insights, scanned like any upload. */
    appealFileKey: text('appeal_file_key'),
    /** How the scan of the recording ended (a threat is never kept). */
    appealScanStatus: text('appeal_scan_status').$type<AssetScanStatus>(),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    rejectionReason: text('rejection_reason').$type<EntryRejectionReason>(),
    excludedFrom: timestamp('excluded_from', { withTimezone: true }),
    excludedTo: timestamp('excluded_to', { withTimezone: true }),
    excludedViews: bigint('excluded_views', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('entry_holds_one_open_idx')
      .on(table.entryId)
      .where(sql`${table.status} in ('HELD', 'APPEALED')`),
    index('entry_holds_status_idx').on(table.status, table.heldAt),
    index('entry_holds_campaign_idx').on(table.campaignId),
  ],
);
