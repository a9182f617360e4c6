import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MarketingCurrency, PaymentStatus, RewardBasis } from '@platform/shared';
import { accounts } from './accounts';
import { campaigns } from './campaigns';
import { creators } from './creators';
import { campaignEntries } from './participation';

/** How a reward was won (DESIGN §8): a FIRST_COME_FIRST_SERVE slot, a TOP_PRIZES rank, a SPRINT period's rank, a PAY_PER_VIEW entry's validated views. */
export type RewardRule = 'SLOT' | 'PRIZE' | 'SPRINT_PRIZE' | 'VIEWS';
/** ACTIVE until its entry is archived before the payment was approved: then RELEASED, the slot free again. */
export type RewardStatus = 'ACTIVE' | 'RELEASED';

/** What an approved entry earned, and why: the rule, and for prizes the rank (and period) it won. */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'restrict' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'restrict' }),
    rule: text('rule').$type<RewardRule>().notNull(),
    rank: integer('rank'),
    period: integer('period'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<MarketingCurrency>().notNull(),
    status: text('status').$type<RewardStatus>().notNull(),
    /** Why it was won, frozen then: the slot taken, or the place and the figures it was ranked by. */
    basis: jsonb('basis').$type<RewardBasis>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    // An entry holds at most one live slot, however many reviewers approve it at once.
    uniqueIndex('rewards_active_slot_idx')
      .on(table.entryId)
      .where(sql`${table.rule} = 'SLOT' and ${table.status} = 'ACTIVE'`),
    // Each place of a closed board is won once, however often its settlement runs.
    uniqueIndex('rewards_prize_place_idx')
      .on(table.campaignId, sql`coalesce(${table.period}, 0)`, table.rank)
      .where(sql`${table.rule} in ('PRIZE', 'SPRINT_PRIZE')`),
    // A pay-per-view entry's validated views are reserved once, whatever became of that reward (ADR 038).
    uniqueIndex('rewards_views_entry_idx')
      .on(table.entryId)
      .where(sql`${table.rule} = 'VIEWS'`),
    index('rewards_campaign_idx').on(table.campaignId, table.status),
    index('rewards_creator_idx').on(table.creatorId),
  ],
);

/** A reward on its way to the creator's account: approved or rejected by staff, then paid or failed. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    rewardId: uuid('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<MarketingCurrency>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** Why staff rejected it, or why it was withdrawn; the creator reads it. */
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payments_reward_idx').on(table.rewardId),
    index('payments_creator_idx').on(table.creatorId, table.createdAt),
    index('payments_campaign_status_idx').on(table.campaignId, table.status),
  ],
);

/**
 * The ledger (double entry): every movement of money is one transaction of lines that sum to zero, in one
 * currency. Balances (a campaign's committed budget, what a creator is owed) are sums of lines, never
 * stored counters.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey(),
    transactionId: uuid('transaction_id').notNull(),
    /** `campaign:<id>:rewards`, `creator:<id>:payable`, `platform:payouts`: who the money is with. */
    account: text('account').notNull(),
    /** Minor units; debits positive, credits negative. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<MarketingCurrency>().notNull(),
    /** What moved it: `reward.won`, `reward.released`, `payment.rejected`, `payment.paid`. */
    kind: text('kind').notNull(),
    rewardId: uuid('reward_id').references(() => rewards.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('ledger_lines_account_idx').on(table.account),
    index('ledger_lines_transaction_idx').on(table.transactionId),
  ],
);

/** The last number each invoice series issued in each year: taken and moved on under its row lock, so gapless. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [primaryKey({ columns: [table.prefix, table.year] })],
);

/**
 * A self-billed invoice (ADR 022) issued when a payment is approved: the frozen document it prints, never
 * changed; a correction is a credit note of its own.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'INVOICE' | 'CREDIT_NOTE'>().notNull(),
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** The payments module's `InvoiceDocument`, as it was issued. */
    document: jsonb('document').$type<object>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.prefix, table.year, table.sequence),
    index('invoices_payment_idx').on(table.paymentId),
  ],
);

/** Why money paid is taken back (ADR 037). */
export type ClawbackCause = 'POST_GONE' | 'REJECTED_ON_HOLD' | 'VIEWS_EXCLUDED';

/**
 * Money taken back from a paid payment (ADR 037): a credit note for it, booked in the ledger from what
 * the creator is owed back to the campaign, and recovered from the creator's next payouts. One per
 * payment: a payment is clawed back once.
 */
export const clawbacks = pgTable(
  'clawbacks',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => campaignEntries.id, { onDelete: 'restrict' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'restrict' }),
    currency: text('currency').$type<MarketingCurrency>().notNull(),
    /** The part of the reward taken back, and the VAT or GST on it: the credit note's amounts. */
    rewardMinor: bigint('reward_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    cause: text('cause').$type<ClawbackCause>().notNull(),
    /** What the creator reads. */
    reason: text('reason').notNull(),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id, { onDelete: 'restrict' }),
    /** How much of it later payouts have kept back so far. */
    recoveredMinor: bigint('recovered_minor', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('clawbacks_payment_idx').on(table.paymentId),
    index('clawbacks_creator_idx').on(table.creatorId, table.createdAt),
    check(
      'clawbacks_amounts_check',
      sql`${table.rewardMinor} >= 0 and ${table.taxMinor} >= 0 and ${table.recoveredMinor} >= 0 and ${table.recoveredMinor} <= ${table.rewardMinor} + ${table.taxMinor}`,
    ),
  ],
);
