import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'logged';

/** Emails are written here in the transaction that causes them and sent by the outbox job. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    actionUrl: text('action_url'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('email_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);
