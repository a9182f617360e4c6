import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  uniqueIndex,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  FundingMethod,
  FundingStatus,
  AssetFileType,
  AssetScanStatus,
  CampaignRequirements,
  CampaignValidation,
  CampaignReward,
  CampaignStatus,
  CampaignType,
  MarketingCurrency,
  MarketingPlatform,
} from '@platform/shared';
import { DEFAULT_CAMPAIGN_VALIDATION } from '@platform/shared';
import { accounts } from './accounts';
import { teams } from './teams';
import { territories } from './territories';

/** A campaign of a team, from its first draft to its end (DESIGN §7). Money is integer minor units. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    name: text('name').notNull(),
    brandOrArtist: text('brand_or_artist').notNull(),
    /** Already reduced to links and line breaks (SPEC §5). */
    brief: text('brief').notNull(),
    platform: text('platform').$type<MarketingPlatform>().notNull(),
    type: text('type').$type<CampaignType>().notNull(),
    status: text('status').$type<CampaignStatus>().notNull(),
    currency: text('currency').$type<MarketingCurrency>().notNull(),
    budget: bigint('budget', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reward: jsonb('reward').$type<CampaignReward>().notNull(),
    requirements: jsonb('requirements').$type<CampaignRequirements>().notNull(),
    /** When figures lock, the hold score, the review deadline, change requests, clawback (ADR 037). */
    validation: jsonb('validation')
      .$type<CampaignValidation>()
      .notNull()
      .default(DEFAULT_CAMPAIGN_VALIDATION),
    coverAssetId: uuid('cover_asset_id'),
    rejectionReason: text('rejection_reason'),
    /** Why it is PAUSED, in staff's words or the system's (its budget is spent); kept until it resumes. */
    pausedReason: text('paused_reason'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    index('campaigns_team_idx').on(table.teamId),
    index('campaigns_status_starts_idx').on(table.status, table.startsAt),
    index('campaigns_status_ends_idx').on(table.status, table.endsAt),
  ],
);

export const campaignTerritories = pgTable(
  'campaign_territories',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    territoryId: uuid('territory_id')
      .notNull()
      .references(() => territories.id),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.territoryId] }),
    index('campaign_territories_territory_idx').on(table.territoryId),
  ],
);

/** Every move of a campaign's status, who made it (none for the scheduler's) and why. */
export const campaignStatusHistory = pgTable(
  'campaign_status_history',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<CampaignStatus>(),
    toStatus: text('to_status').$type<CampaignStatus>().notNull(),
    byAccountId: uuid('by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('campaign_status_history_campaign_idx').on(table.campaignId, table.at)],
);

/** A file of a campaign: its cover, brief material and brand assets, scanned before it is served. */
export const campaignAssets = pgTable(
  'campaign_assets',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fileType: text('file_type').$type<AssetFileType>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    scanStatus: text('scan_status').$type<AssetScanStatus>().notNull(),
    /** False when no scanner was configured: the file was never called clean. */
    scanned: boolean('scanned').notNull().default(false),
    /** What the scanner found, or why the scan failed. */
    scanDetail: text('scan_detail'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('campaign_assets_campaign_idx').on(table.campaignId)],
);

/**
 * Money received for a campaign's budget (ADR 038): a bank transfer an Admin recorded, or a top-up through
 * the payments provider, PENDING until the provider says it cleared. A campaign goes live only once what
 * succeeded covers its budget; money received beyond the budget raises it.
 */
export const campaignFundings = pgTable(
  'campaign_fundings',
  {
    id: uuid('id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<MarketingCurrency>().notNull(),
    method: text('method').$type<FundingMethod>().notNull(),
    status: text('status').$type<FundingStatus>().notNull(),
    /** The bank's reference of a transfer; the provider's id of a top-up. */
    reference: text('reference').notNull(),
    failure: text('failure'),
    recordedBy: uuid('recorded_by').references(() => accounts.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('campaign_fundings_campaign_idx').on(table.campaignId, table.status),
    // A provider's top-up is recorded once, however often its answer is replayed.
    uniqueIndex('campaign_fundings_provider_reference_idx')
      .on(table.reference)
      .where(sql`${table.method} = 'PROVIDER_TOP_UP'`),
  ],
);
