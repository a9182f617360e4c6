import { sql } from 'drizzle-orm';
import type { LookupKind } from '@platform/shared';
import { index, pgTable, text, timestamp, uuid, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

export type { LookupKind } from '@platform/shared';

/**
 * The lists staff manage and creators choose from (SPEC §3 lookup data). An answer belongs to its fun
 * question (`parentId`). A lookup in use is archived rather than deleted, so what a creator chose keeps
 * its name.
 */
export const lookups = pgTable(
  'lookups',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<LookupKind>().notNull(),
    name: text('name').notNull(),
    label: text('label'),
    infoContent: text('info_content'),
    parentId: uuid('parent_id').references((): AnyPgColumn => lookups.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lookups_live_name_idx')
      .on(
        table.kind,
        sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(${table.name})`,
      )
      .where(sql`${table.archivedAt} is null`),
    index('lookups_parent_idx').on(table.parentId),
  ],
);
