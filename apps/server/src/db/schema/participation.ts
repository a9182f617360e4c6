import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  EntryRejectionReason,
  EntryStatus,
  MarketingPlatform,
  PostAccountSource,
  RsvpStatus,
} from '@platform/shared';
import { accounts } from './accounts';
import { campaigns } from './campaigns';
import { creators } from './creators';

/**
 * A creator's place in a campaign (DESIGN §7): joined (a CHALLENGE), or invited and answering (a
 * BESPOKE one). One row per creator and campaign, moved along the RSVP machine; every move is audited.
 */
export const campaignRsvps = pgTable(
  'campaign_rsvps',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    status: text('status').$type<RsvpStatus>().notNull(),
    /** Who last invited the creator; null for a creator who joined by themselves. */
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('campaign_rsvps_campaign_creator_idx').on(table.campaignId, table.creatorId),
    index('campaign_rsvps_creator_idx').on(table.creatorId, table.status),
  ],
);

/**
 * A creator's entry to a campaign: a post link (the post as its platform names it, `postIdentity`, can be
 * entered once across every campaign and creator) or an uploaded video. Moved along the entry machine.
 */
export const campaignEntries = pgTable(
  'campaign_entries',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    platform: text('platform').$type<MarketingPlatform>().notNull(),
    kind: text('kind').$type<'POST' | 'VIDEO'>().notNull(),
    postLink: text('post_link'),
    postIdentity: text('post_identity'),
    /**
     * The account that posted the post, without '@', as the platform's answer or the link itself named it
     * when the post was entered. Null where nothing named one: the author was not checked.
     */
    postAccount: text('post_account'),
    postAccountNamedBy: text('post_account_named_by').$type<PostAccountSource>(),
    /**
     * What the platform said of the post when it was entered (ADR 036): when it was published and the
     * platform's id of the account that published it, and which reader said so. Null where the platform
     * could not be asked.
     */
    postPublishedAt: timestamp('post_published_at', { withTimezone: true }),
    postAuthorAccountId: text('post_author_account_id'),
    postFactsSource: text('post_facts_source'),
    videoKey: text('video_key'),
    status: text('status').$type<EntryStatus>().notNull(),
    rejectionReason: text('rejection_reason').$type<EntryRejectionReason>(),
    rejectionNote: text('rejection_note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    /**
     * When an entry still waiting for review is approved on its own unless held (ADR 037): set when it is
     * submitted, from the campaign's review deadline.
     */
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
    /** What the reviewer asked to change, while the entry waits for its creator's revision. */
    changeRequest: text('change_request'),
    /** Approved by the review deadline passing, not by a reviewer. */
    autoApproved: boolean('auto_approved').notNull().default(false),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('campaign_entries_post_identity_idx').on(table.postIdentity),
    index('campaign_entries_campaign_status_idx').on(table.campaignId, table.status),
    index('campaign_entries_creator_idx').on(table.creatorId, table.campaignId),
    index('campaign_entries_review_due_idx')
      .on(table.reviewDueAt)
      .where(sql`${table.status} = 'SUBMITTED'`),
  ],
);
