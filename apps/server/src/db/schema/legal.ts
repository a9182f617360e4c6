import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LegalLinkType } from '@platform/shared';
import { accounts } from './accounts';
import { territories } from './territories';

/**
 * The legal documents creators read and accept, as versions: the newest published version of a type is
 * the current one. A document without a territory applies wherever a territory has none of its own. The
 * text itself is a file in storage (`legal/<id>`); a fresh install ships placeholders an Admin replaces.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: uuid('id').primaryKey(),
    territoryId: uuid('territory_id').references(() => territories.id, { onDelete: 'restrict' }),
    type: text('type').$type<LegalLinkType>().notNull(),
    version: text('version').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    placeholder: boolean('placeholder').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('legal_documents_current_idx').on(table.territoryId, table.type, table.publishedAt),
    uniqueIndex('legal_documents_version_idx').on(
      sql`coalesce(${table.territoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.type,
      sql`lower(${table.version})`,
    ),
  ],
);
