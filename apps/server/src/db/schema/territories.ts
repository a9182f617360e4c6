import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LegalLinkType } from '@platform/shared';
import { accounts } from './accounts';

/** A territory: the countries it covers (ISO2 codes or a GLOBAL entry) and its legal documents. */
export const territories = pgTable(
  'territories',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('territories_active_name_idx')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.active}`),
  ],
);

export const territoryLinks = pgTable(
  'territory_links',
  {
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    type: text('type').$type<LegalLinkType>().notNull(),
    url: text('url').notNull(),
  },
  (table) => [primaryKey({ columns: [table.territoryId, table.type] })],
);

export const territoryManagers = pgTable(
  'territory_managers',
  {
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.territoryId, table.accountId] }),
    index('territory_managers_account_idx').on(table.accountId),
  ],
);
