import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { creators } from './creators';
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
    /**
     * Minor units sent: the reward and any VAT or GST its invoice added, less `keptBackMinor`.
     */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** What was kept back of the invoice's gross to recover money taken back earlier (ADR 037). */
    keptBackMinor: bigint('kept_back_minor', { mode: 'number' }).notNull().default(0),
    /** When to ask the provider next; null once nothing is left to ask (sent, failed, or paid by hand). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull(),
    /** The provider's id for the transfer (Stripe: `tr_…`), or the reference staff recorded. */
    reference: text('reference'),
    /** What the provider or staff said: why it failed, or that it waits to be paid by hand. */
    note: text('note'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Paid by hand: the day staff say they paid it, how, and to where (masked). */
    paidOn: date('paid_on', { mode: 'string' }),
    paidMethod: text('paid_method', { enum: ['BANK_TRANSFER', 'PAYPAL', 'OTHER'] }),
    paidTo: text('paid_to'),
    /**
     * The first finance export that listed it, with the creator's payout details as exported (sealed) and
     * masked: a later change of details does not change where a payment already exported is paid.
     */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportedDetails: text('exported_details'),
    exportedMasked: text('exported_masked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payouts_due_idx').on(table.nextAttemptAt)],
);

/**
 * Where a creator is paid when the platform pays by hand (no payouts provider): a bank account or a PayPal
 * address, sealed with AES-256-GCM (ADR 029), and masked for showing.
 */
export const payoutDetails = pgTable('payout_details', {
  creatorId: uuid('creator_id')
    .primaryKey()
    .references(() => creators.accountId, { onDelete: 'cascade' }),
  method: text('method', { enum: ['BANK_ACCOUNT', 'PAYPAL'] }).notNull(),
  /** The bank account's country; null for PayPal. */
  country: text('country'),
  masked: text('masked').notNull(),
  /** The details as JSON, sealed: key id, nonce, ciphertext and tag (`sealing.ts`). */
  sealed: text('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
