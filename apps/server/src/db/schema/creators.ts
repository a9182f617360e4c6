import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import type {
  CreatorPlatform,
  Gender,
  KycStatus,
  OnboardingStatus,
  TaxRegistrationType,
  TaxValidationStatus,
  TrackingPermissions,
} from '@platform/shared';
import { accounts } from './accounts';
import { legalDocuments } from './legal';
import { lookups } from './lookups';

/**
 * A creator's own state, beside the account that holds their identity and credentials: where they are in
 * onboarding, what they told us about themselves, their choices and their payout wallet. Owned by the
 * creator module.
 */
export const creators = pgTable(
  'creators',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    onboardingStatus: text('onboarding_status').$type<OnboardingStatus>().notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').$type<Gender>(),
    dialCode: text('dial_code'),
    mobile: text('mobile'),
    country: text('country'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    stateProvince: text('state_province'),
    postcode: text('postcode'),
    youtubeChannelId: text('youtube_channel_id'),
    genreIds: uuid('genre_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Set once the creator has chosen an agency or said they have none (AGENCY_CAPTURE). */
    agencyDecidedAt: timestamp('agency_decided_at', { withTimezone: true }),
    agencyId: uuid('agency_id').references(() => lookups.id),
    /** The audience cluster staff placed the creator in; none until they do. */
    audienceClusterId: uuid('audience_cluster_id').references(() => lookups.id),
    artistIds: uuid('artist_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    trackingPermissions: jsonb('tracking_permissions').$type<TrackingPermissions>(),
    walletProvider: text('wallet_provider'),
    walletId: text('wallet_id'),
    walletNeedsAction: boolean('wallet_needs_action').notNull().default(false),
    walletNote: text('wallet_note'),
    walletAttempts: integer('wallet_attempts').notNull().default(0),
    walletNextAttemptAt: timestamp('wallet_next_attempt_at', { withTimezone: true }),
    walletLockedUntil: timestamp('wallet_locked_until', { withTimezone: true }),
    walletLastError: text('wallet_last_error'),
    /** The last time staff reminded the creator to finish onboarding (PING_ONBOARDING). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('creators_status_idx').on(table.onboardingStatus),
    index('creators_wallet_due_idx')
      .on(table.walletNextAttemptAt)
      .where(sql`${table.onboardingStatus} = 'WALLET_CREATION_FAILED'`),
  ],
);

/**
 * One handle per platform per creator. A handle belongs to one creator across the platform: the unique
 * key is the handle as the platform compares it (case does not matter).
 */
export const creatorHandles = pgTable(
  'creator_handles',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    platform: text('platform').$type<CreatorPlatform>().notNull(),
    handle: text('handle').notNull(),
    handleKey: text('handle_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.creatorId, table.platform] }),
    uniqueIndex('creator_handles_taken_idx').on(table.platform, table.handleKey),
  ],
);

/** The creator's tax registration (UK VAT or Australian ABN) and what the last check said of it. */
export const creatorTaxRegistrations = pgTable('creator_tax_registrations', {
  creatorId: uuid('creator_id')
    .primaryKey()
    .references(() => creators.accountId, { onDelete: 'cascade' }),
  isRegistered: boolean('is_registered').notNull(),
  type: text('type').$type<TaxRegistrationType>().notNull(),
  number: text('number'),
  validationStatus: text('validation_status').$type<TaxValidationStatus>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  checkSource: text('check_source'),
  checkNote: text('check_note'),
  businessName: text('business_name'),
  /**
   * Support's check by hand (check_source 'support'): what they checked or why the number is not valid (in
   * check_note), its reference, the day they checked and who decided. Cleared with the rest of the check
   * when the number changes or its register answers.
   */
  checkReference: text('check_reference'),
  checkedOn: date('checked_on', { mode: 'string' }),
  checkedBy: uuid('checked_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Devices the creator's app registered for push notifications. */
export const creatorDevices = pgTable(
  'creator_devices',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    deviceToken: text('device_token').notNull(),
    provider: text('provider').notNull(),
    accepted: boolean('accepted').notNull(),
    note: text('note').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('creator_devices_token_idx').on(table.deviceToken),
    index('creator_devices_creator_idx').on(table.creatorId),
  ],
);

/** Every version of the terms a creator accepted, and when: at sign-up and with each banner's 'Okay'. */
export const creatorTermsAcceptances = pgTable(
  'creator_terms_acceptances',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => legalDocuments.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.creatorId, table.documentId] }),
    index('creator_terms_acceptances_latest_idx').on(table.creatorId, table.acceptedAt),
  ],
);

export type KycProviderName = 'built-in' | 'onfido';

/**
 * A creator's identity checks, newest last. With the built-in provider the creator's document and selfie
 * are private files under `kyc/` and Support decides; with Onfido the provider's applicant and check.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.accountId, { onDelete: 'cascade' }),
    provider: text('provider').$type<KycProviderName>().notNull(),
    status: text('status').$type<KycStatus>().notNull(),
    applicantId: text('applicant_id'),
    checkId: text('check_id'),
    documentKey: text('document_key'),
    selfieKey: text('selfie_key'),
    /** Why the check failed or must be done again, written for the creator to read. */
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('kyc_applications_creator_idx').on(table.creatorId, table.createdAt),
    index('kyc_applications_status_idx').on(table.status, table.submittedAt),
    uniqueIndex('kyc_applications_check_idx').on(table.checkId),
  ],
);
