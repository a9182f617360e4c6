import { z } from 'zod/mini';
import { maxLengthMessage, REQUIRED_MESSAGE } from '../rules/messages';
import {
  GENDERS,
  KYC_STATUSES,
  ONBOARDING_STATUSES,
  TRACKING_PERMISSION_GROUPS,
  TRACKING_PERMISSION_MODES,
} from '../vocabulary/creator';
import { CREATOR_PLATFORMS } from '../vocabulary/platforms';
import { TAX_COMPLIANCE_STATUSES, TAX_REGISTRATION_TYPES, TAX_VALIDATION_STATUSES } from '../vocabulary/tax';
import { schema } from './build-schema';
import { CREATOR_ARTISTS_MAX, CREATOR_MESSAGES, HANDLE_MAX_LENGTH } from './creator';
import { lookupId, uuidList } from './creator-choices';
import { isUuid } from './lists';
import { taxNumberChecksSchema } from './tax-verification';

/** GET /server-api/creator/validate-handle/{platform}/{handle}. */
export const handleCheckParamsSchema = schema(() =>
  z.object({
    platform: z.string().check(z.maxLength(20)),
    handle: z.string().check(z.maxLength(HANDLE_MAX_LENGTH * 3)),
  }),
);
export const handleCheckResponseSchema = schema(() =>
  z.object({ available: z.boolean(), message: z.optional(z.string()) }),
);
export type HandleCheckResponse = z.infer<typeof handleCheckResponseSchema>;

/** The answer of the VAT and ABN checks (GET /server-api/creator/validate-{vat|abn}-compliance/{id}). */
export const taxComplianceResponseSchema = schema(() =>
  z.object({
    status: z.enum(TAX_COMPLIANCE_STATUSES),
    validationStatus: z.enum(TAX_VALIDATION_STATUSES),
    /** The spec's message for the creator when the number is refused or could not be confirmed. */
    message: z.nullable(z.string()),
    /** What was and was not checked, and by whom. */
    note: z.string(),
    businessName: z.nullable(z.string()),
    checkedAt: z.nullable(z.string()),
  }),
);
export type TaxComplianceResponse = z.infer<typeof taxComplianceResponseSchema>;

/** PATCH /server-api/creator/{id}/user-info: the agency (AGENCY_CAPTURE) and the acceptance of new terms. */
export const userInfoQuerySchema = schema(() =>
  z.object({
    skipAgencyForm: z.optional(z.enum(['true', 'false'], { error: 'skipAgencyForm must be true or false.' })),
  }),
);
export const userInfoBodySchema = schema(() =>
  z.object({
    agencyId: z.optional(z.nullable(lookupId(CREATOR_MESSAGES.agencyUnknown))),
    acceptedTermsId: z.optional(z.string().check(z.refine(isUuid, { error: CREATOR_MESSAGES.termsUnknown }))),
  }),
);
export type UserInfoBody = z.infer<typeof userInfoBodySchema>;

/** PATCH /server-api/creator/artist-selection. */
export const artistSelectionBodySchema = schema(() =>
  z.object({
    artistIds: uuidList(
      CREATOR_ARTISTS_MAX,
      CREATOR_MESSAGES.artistsRequired,
      CREATOR_MESSAGES.tooManyArtists,
      CREATOR_MESSAGES.artistUnknown,
    ),
  }),
);
export type ArtistSelectionBody = z.infer<typeof artistSelectionBodySchema>;

/**
 * The creator's choice of tracking (SPEC §3 groups and modes): ALLOW accepts every group; CUSTOM accepts
 * the listed ones. Essential technologies cannot be refused, so they are always accepted.
 */
export const trackingPermissionsSchema = schema(() =>
  z.object({
    mode: z.enum(TRACKING_PERMISSION_MODES, { error: REQUIRED_MESSAGE }),
    allowed: z._default(
      z
        .array(z.enum(TRACKING_PERMISSION_GROUPS, { error: CREATOR_MESSAGES.chooseFromList }))
        .check(z.maxLength(TRACKING_PERMISSION_GROUPS.length)),
      [],
    ),
  }),
);
export type TrackingPermissions = z.output<typeof trackingPermissionsSchema>;
export type TrackingPermissionsInput = z.input<typeof trackingPermissionsSchema>;

export const trackingBodySchema = schema(() => z.object({ trackingPermissions: trackingPermissionsSchema }));
export type TrackingBody = z.input<typeof trackingBodySchema>;

/** POST /server-api/creator/create-sns-platform-endpoint. */
export const deviceRegistrationBodySchema = schema(() =>
  z.object({
    creatorId: z.string().check(z.maxLength(100)),
    deviceToken: z
      .string({ error: REQUIRED_MESSAGE })
      .check(
        z.trim(),
        z.minLength(1, { error: REQUIRED_MESSAGE }),
        z.maxLength(4096, { error: maxLengthMessage(4096) }),
      ),
  }),
);
export type DeviceRegistrationBody = z.infer<typeof deviceRegistrationBodySchema>;
export const deviceRegistrationResponseSchema = schema(() =>
  z.object({ deviceId: z.string(), accepted: z.boolean(), note: z.string() }),
);
export type DeviceRegistrationResponse = z.infer<typeof deviceRegistrationResponseSchema>;

/** The creator's own id in a path: another id is answered 404, as a missing one (DESIGN §6). */
export const creatorIdParamsSchema = schema(() => z.object({ id: z.string().check(z.maxLength(100)) }));

/** Where a creator's payout wallet stands. */
export const WALLET_STATES = ['none', 'ready', 'needs-action', 'retrying', 'failed'] as const;
export type WalletState = (typeof WALLET_STATES)[number];

const nullableText = () => z.nullable(z.string());

/** GET /server-api/creator/get-info: everything about the creator's own account. */
export const creatorInfoSchema = schema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    status: z.enum(ONBOARDING_STATUSES),
    profile: z.nullable(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.string(),
        gender: z.enum(GENDERS),
        dialCode: z.string(),
        mobile: z.string(),
        address: z.object({
          country: z.string(),
          line1: z.string(),
          line2: nullableText(),
          city: z.string(),
          stateProvince: nullableText(),
          postcode: z.string(),
        }),
        handles: z.array(z.object({ socialPlatform: z.enum(CREATOR_PLATFORMS), handle: z.string() })),
        youtubeChannelId: nullableText(),
        genreIds: z.array(z.string()),
      }),
    ),
    taxRegistration: z.nullable(
      z.object({
        isRegistered: z.boolean(),
        type: z.enum(TAX_REGISTRATION_TYPES),
        number: nullableText(),
        validationStatus: z.enum(TAX_VALIDATION_STATUSES),
        checkedAt: nullableText(),
        /** Who checked it last: hmrc, abr, offline (the format rules alone) or support (by hand). */
        checkSource: nullableText(),
        note: nullableText(),
        businessName: nullableText(),
      }),
    ),
    /** How this install checks a VAT number and an ABN: with the register, or by hand by Support. */
    taxNumberChecks: taxNumberChecksSchema,
    agency: z.object({ decided: z.boolean(), id: nullableText(), name: nullableText() }),
    kyc: z.object({
      status: z.enum(KYC_STATUSES),
      provider: z.nullable(z.enum(['built-in', 'onfido'])),
      reason: nullableText(),
      updatedAt: nullableText(),
    }),
    artistIds: z.array(z.string()),
    wallet: z.object({ state: z.enum(WALLET_STATES), note: nullableText(), nextAttemptAt: nullableText() }),
    trackingPermissions: z.nullable(trackingPermissionsSchema),
    terms: z.object({
      acceptedId: nullableText(),
      acceptedVersion: nullableText(),
      currentId: nullableText(),
      currentVersion: nullableText(),
      /** A newer version of the terms than the creator accepted applies to them: show the banner. */
      updateToAccept: z.boolean(),
    }),
  }),
);
export type CreatorInfo = z.infer<typeof creatorInfoSchema>;

/** The text answer of GET /server-api/creator/user/{id}/deactivate. */
export const DEACTIVATION_MESSAGE =
  'Your account has been deactivated and you have been signed out everywhere. Payments already approved will still be paid to your wallet; entries and payments still waiting for approval will not be approved.';
