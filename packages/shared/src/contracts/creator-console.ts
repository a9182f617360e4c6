// zod/mini, as every contract the console loads (lists.ts explains the budget).
import { z } from 'zod/mini';
import { CREATOR_PLATFORMS } from '../vocabulary/platforms';
import { KYC_STATUSES, ONBOARDING_STATUSES } from '../vocabulary/creator';
import { TAX_VALIDATION_STATUSES } from '../vocabulary/tax';
import { schema } from './build-schema';
import { handleVerificationSchema } from './handle-verification';
import { pageQueryFields, type Paged } from './lists';
import { entrySchema } from './entry';
import { paymentSchema } from './payment';
import { rsvpSchema } from './rsvp';
import { taxVerificationSchema } from './tax-verification';

const uuidFilter = (message: string) =>
  z.optional(z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: message })));

/**
 * The console's list of creators (`GET /server-api/marketing/creators`): found by name, email or handle,
 * narrowed by any of these filters. A TerritoryManager's list holds only creators living in their
 * territories, whatever the filters say; `territoryId` narrows to the countries of one live territory.
 */
export const creatorConsoleListQuerySchema = schema(() =>
  z.object({
    ...pageQueryFields,
    country: z.optional(
      z.string().check(z.regex(/^[A-Za-z]{2}$/, { error: 'Country must be a two-letter code.' })),
    ),
    onboardingStatus: z.optional(z.enum(ONBOARDING_STATUSES, { error: 'Choose a status from the list.' })),
    platform: z.optional(z.enum(CREATOR_PLATFORMS, { error: 'Choose a platform from the list.' })),
    genreId: uuidFilter('Choose a genre from the list.'),
    agencyId: uuidFilter('Choose an agency from the list.'),
    kycStatus: z.optional(z.enum(KYC_STATUSES, { error: 'Choose a KYC status from the list.' })),
    taxStatus: z.optional(z.enum(TAX_VALIDATION_STATUSES, { error: 'Choose a tax status from the list.' })),
    territoryId: uuidFilter('Choose a territory from the list.'),
    audienceClusterId: uuidFilter('Choose an audience cluster from the list.'),
  }),
);
export type CreatorConsoleListQuery = z.infer<typeof creatorConsoleListQuerySchema>;

export const creatorHandleLinkSchema = schema(() =>
  z.object({ platform: z.enum(CREATOR_PLATFORMS), handle: z.string(), url: z.string() }),
);
export type CreatorHandleLink = z.infer<typeof creatorHandleLinkSchema>;

/** A creator as the console's list shows them. */
export const creatorConsoleItemSchema = schema(() =>
  z.object({
    id: z.string(),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    email: z.string(),
    country: z.nullable(z.string()),
    onboardingStatus: z.enum(ONBOARDING_STATUSES),
    handles: z.array(creatorHandleLinkSchema),
    genreIds: z.array(z.string()),
    agencyId: z.nullable(z.string()),
    /** The audience cluster staff placed the creator in. */
    audienceClusterId: z.nullable(z.string()),
    /** The latest identity check's status; `None` before any. */
    kycStatus: z.enum(KYC_STATUSES),
    /** Null when the creator declared no tax registration. */
    taxStatus: z.nullable(z.enum(TAX_VALIDATION_STATUSES)),
    remindedAt: z.nullable(z.string()),
    createdAt: z.string(),
  }),
);
export type CreatorConsoleItem = z.infer<typeof creatorConsoleItemSchema>;

export const creatorConsoleListResponseSchema = schema(() =>
  z.object({
    items: z.array(creatorConsoleItemSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
);
export type CreatorConsoleListResponse = Paged<CreatorConsoleItem>;

const PROFILE_URLS: Record<(typeof CREATOR_PLATFORMS)[number], (handle: string) => string> = {
  TikTok: (handle) => `https://www.tiktok.com/@${encodeURIComponent(handle)}`,
  Instagram: (handle) => `https://www.instagram.com/${encodeURIComponent(handle)}/`,
  Snapchat: (handle) => `https://www.snapchat.com/add/${encodeURIComponent(handle)}`,
  Youtube: (handle) => `https://www.youtube.com/@${encodeURIComponent(handle)}`,
};

/** Where a handle's public profile is on its platform (a leading `@` typed with the handle is dropped). */
export function handleProfileUrl(platform: (typeof CREATOR_PLATFORMS)[number], handle: string): string {
  return PROFILE_URLS[platform](handle.trim().replace(/^@/, ''));
}

/** A note staff leave on a creator for each other. */
export const creatorNoteSchema = schema(() =>
  z.object({ id: z.string(), authorName: z.string(), body: z.string(), createdAt: z.string() }),
);
export type CreatorNote = z.infer<typeof creatorNoteSchema>;

export const CREATOR_NOTE_MAX_LENGTH = 2000;

export const creatorNoteBodySchema = schema(() =>
  z.object({
    body: z.string().check(
      z.trim(),
      z.minLength(1, { error: 'Write the note.' }),
      z.maxLength(CREATOR_NOTE_MAX_LENGTH, {
        error: `A note must be at most ${CREATOR_NOTE_MAX_LENGTH} characters.`,
      }),
    ),
  }),
);
export type CreatorNoteBody = z.infer<typeof creatorNoteBodySchema>;

/** One identity check of the creator's, newest first on the page. */
export const creatorKycCheckSchema = schema(() =>
  z.object({
    id: z.string(),
    provider: z.string(),
    status: z.enum(KYC_STATUSES),
    reason: z.nullable(z.string()),
    submittedAt: z.nullable(z.string()),
    decidedAt: z.nullable(z.string()),
    decidedBy: z.nullable(z.string()),
  }),
);
export type CreatorKycCheck = z.infer<typeof creatorKycCheckSchema>;

/** A creator's page in the console (`GET /server-api/marketing/creators/{id}`). */
export const creatorConsoleDetailSchema = schema(() =>
  z.extend(creatorConsoleItemSchema, {
    /** Each handle, proven the creator's or not: how, when and by whom (ADR 036). */
    handleVerifications: z.array(handleVerificationSchema),
    emailVerified: z.boolean(),
    lastSignedInAt: z.nullable(z.string()),
    dateOfBirth: z.nullable(z.string()),
    gender: z.nullable(z.string()),
    dialCode: z.nullable(z.string()),
    mobile: z.nullable(z.string()),
    address: z.object({
      line1: z.nullable(z.string()),
      line2: z.nullable(z.string()),
      city: z.nullable(z.string()),
      stateProvince: z.nullable(z.string()),
      postcode: z.nullable(z.string()),
      country: z.nullable(z.string()),
    }),
    youtubeChannelId: z.nullable(z.string()),
    artistIds: z.array(z.string()),
    taxRegistration: z.nullable(
      z.object({
        isRegistered: z.boolean(),
        type: z.string(),
        number: z.nullable(z.string()),
        validationStatus: z.enum(TAX_VALIDATION_STATUSES),
        checkedAt: z.nullable(z.string()),
        checkSource: z.nullable(z.string()),
        checkNote: z.nullable(z.string()),
        businessName: z.nullable(z.string()),
        /** Support's check by hand, while it is the number's latest check. */
        verification: z.nullable(taxVerificationSchema),
        /**
         * Whether a check by hand may be recorded now: a registered number no register answered for, whose
         * confirmation would put VAT or GST on the creator's invoices.
         */
        checkableByHand: z.boolean(),
      }),
    ),
    kycChecks: z.array(creatorKycCheckSchema),
    /** Every campaign the creator joined or was invited to, with their entries to it. */
    campaigns: z.array(
      z.object({ campaignName: z.string(), rsvp: rsvpSchema, entries: z.array(entrySchema) }),
    ),
    /** Every payment of the creator's rewards, newest first: what they earned and what was paid. */
    payments: z.array(paymentSchema),
    notes: z.array(creatorNoteSchema),
  }),
);
export type CreatorConsoleDetail = z.infer<typeof creatorConsoleDetailSchema>;

/** How an onboarding reminder reached the creator: email always, push when a device of theirs took it. */
export const REMINDER_CHANNELS = ['email', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** The answer of `POST …/creators/{id}/remind`: the creator as listed, and how the reminder went. */
export const creatorReminderSchema = schema(() =>
  z.object({
    creator: creatorConsoleItemSchema,
    channels: z.array(z.enum(REMINDER_CHANNELS)),
    /** What became of the push: sent to how many devices, or why none got it. */
    pushNote: z.string(),
  }),
);
export type CreatorReminder = z.infer<typeof creatorReminderSchema>;

// In a module of its own, so that a page reading only this module's constants does not load the profile
// rules with it (the console's creator page: ADR 009).
export {
  AUDIENCE_CLUSTER_UNKNOWN,
  creatorDetailsBodySchema,
  creatorDetailsIssues,
  type CreatorDetails,
  type CreatorDetailsBody,
} from './creator-details';
