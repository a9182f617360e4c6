import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationEvent, PushState } from '@platform/shared';
import { accounts } from './accounts';
import { campaigns } from './campaigns';

/**
 * What a creator or a staff member was told of an event (SPEC §4, ADR 031): their in-app feed, and the
 * state of its push. Written in the transaction of the change that caused it, with the words of that moment.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event: text('event').$type<NotificationEvent>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    pushState: text('push_state').$type<PushState>().notNull(),
    /** Why a push was skipped or failed, or what became of the devices it went to. */
    pushNote: text('push_note'),
    pushAttempts: integer('push_attempts').notNull().default(0),
    /** When a PENDING push is due: at first its creation, then a retry, or the end of a sender's claim. */
    pushNextAt: timestamp('push_next_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_feed_idx').on(
      table.accountId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('notifications_unread_idx')
      .on(table.accountId)
      .where(sql`${table.readAt} is null`),
    index('notifications_push_due_idx')
      .on(table.pushNextAt)
      .where(sql`${table.pushState} = 'PENDING'`),
    index('notifications_open_digest_idx')
      .on(table.accountId, table.campaignId, table.event)
      .where(sql`${table.readAt} is null`),
  ],
);

/** A person's choice of channels for one event; an event with no row has DEFAULT_NOTIFICATION_CHOICE. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event: text('event').$type<NotificationEvent>().notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.event] })],
);

/**
 * A digest sent: one per person, kind and period, claimed in the transaction that writes its email, so
 * that two workers, or one started again, never send a period's digest twice (ADR 031).
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event: text('event').$type<NotificationEvent>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.event, table.periodStart] })],
);
