import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments } from './payments';

/**
 * The sending of an approved payment's money (DESIGN §7: APPROVED -> PAID | FAILED): one row per payment,
 * due until the payouts provider took it (or staff recorded paying it outside the platform). The provider
 * is asked with the payment as idempotency key, so a retry after a lost answer or a restart never pays
 * twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** Minor units sent: the reward and any VAT or GST its invoice added. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** When to ask the provider next; null once nothing is left to ask (sent, failed, or paid by hand). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull(),
    /** The provider's id for the transfer (Stripe: `tr_…`), or the reference staff recorded. */
    reference: text('reference'),
    /** What the provider or staff said: why it failed, or that it waits to be paid by hand. */
    note: text('note'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payouts_due_idx').on(table.nextAttemptAt)],
);
