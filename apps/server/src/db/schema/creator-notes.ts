import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { creators } from './creators';

/**
 * What staff write down about a creator for each other (issue 13): kept as written, newest shown first.
 * The author's name is kept beside their id so a note still says who wrote it once the account is gone.
 * Owned by the creator module.
 */
export const creatorNotes = pgTable(
  'creator_notes',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('creator_notes_creator_idx').on(table.creatorId, table.createdAt)],
);
