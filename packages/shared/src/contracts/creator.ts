// zod/mini: the onboarding screens load these schemas, and every page downloads the zod code that any page
// uses, so the full zod would push the creator's pages past their budget (DESIGN §3, ADR 009). The rules
// themselves are the plain functions of rules/, so both sides check exactly the same thing.
import { z } from 'zod/mini';
import { ageInYears, isValidDateOfBirth } from '../rules/age';
import { postcodeMessage } from '../rules/address';
import { isValidName } from '../rules/common';
import { hasControlCharacters, hasUnpairedSurrogates } from '../rules/control-characters';
import { MIN_AGE_YEARS } from '../rules/constants';
import {
  AGE_MESSAGE,
  CHANNEL_ID_MESSAGE,
  DATE_INVALID_MESSAGE,
  NAME_MESSAGE,
  REQUIRED_MESSAGE,
  SOCIAL_HANDLE_MESSAGES,
  STATE_PROVINCE_MESSAGE,
  UNPAIRED_SURROGATES_MESSAGE,
  US_STATE_MESSAGE,
  maxLengthMessage,
  mobileDigitsMessage,
} from '../rules/messages';
import { compactMobile } from '../rules/mobile';
import { duplicatePlatformIndexes, isValidYoutubeChannelId } from '../rules/social-handle';
import { taxRegistrationIssues } from '../rules/tax';
import { isIsoCountryCode, normalizeCountryCode } from '../vocabulary/countries';
import { GENDERS } from '../vocabulary/creator';
import { DIAL_CODES } from '../vocabulary/phone';
import { CREATOR_PLATFORMS } from '../vocabulary/platforms';
import { TAX_REGISTRATION_TYPES, taxRegistrationTypeFor } from '../vocabulary/tax';
import { isUsStateCode } from '../vocabulary/us-states';
import { schema } from './build-schema';
import { uuidList } from './creator-choices';

export const CREATOR_NAME_MAX_LENGTH = 100;
export const ADDRESS_LINE_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const STATE_PROVINCE_MAX_LENGTH = 100;
export const HANDLE_MAX_LENGTH = 100;
export const CREATOR_GENRES_MAX = 20;
export const CREATOR_ARTISTS_MAX = 20;

// Not in the spec: the onboarding screens' own messages.
export const CREATOR_MESSAGES = {
  chooseFromList: 'Choose from the list',
  oneLine: 'Write this on one line',
  handlesRequired: 'Add at least one social handle',
  genresRequired: 'Choose at least one genre',
  tooManyGenres: `Choose at most ${CREATOR_GENRES_MAX} genres`,
  artistsRequired: 'Choose at least one artist',
  tooManyArtists: `Choose at most ${CREATOR_ARTISTS_MAX} artists`,
  taxNotApplicable: 'Tax registration applies to the United Kingdom (VAT) and Australia (ABN) only',
  taxTypeForCountry: (type: string) => `Choose ${type} registration for this country`,
  stepDone: 'This step is already done.',
  stepNotReached: 'Finish the earlier steps first.',
  deactivated: 'This account has been deactivated.',
  agencyUnknown: 'This agency is no longer on the list. Please choose another.',
  genreUnknown: 'One of the chosen genres is no longer on the list. Please choose again.',
  artistUnknown: 'One of the chosen artists is no longer on the list. Please choose again.',
  termsUnknown: 'These terms are no longer available. Please reload the page.',
  kycNotReady: 'Upload a photo of your identity document and a selfie first.',
  kycAlreadySubmitted: 'Your identity check has already been submitted.',
  handleCheckFailed: 'We could not check this handle just now. Please try again.',
  identityLocked:
    'Your name and date of birth were confirmed by your identity check. Contact Support to change them.',
  taxNotSaved: (type: string) => `Save your ${type} number before it can be checked`,
  taxNumberChanged: 'Your tax number changed while it was being checked. Please check it again.',
  agencyRequired: 'Choose an agency, or skip this step.',
  emailNotVerified: 'Verify your email address before you set up your account.',
} as const;

/** How the gender options (SPEC §3) read on screen. */
export const GENDER_LABELS: Readonly<Record<(typeof GENDERS)[number], string>> = {
  Male: 'Male',
  Female: 'Female',
  NonBinary: 'Non-binary',
  Transgender: 'Transgender',
  Other: 'Other',
  PreferNotToSay: 'Prefer not to say',
};

/** The dial codes a creator can choose (SPEC §5). */
export const DIAL_CODE_OPTIONS = [...new Set(Object.values(DIAL_CODES))];

/** The country whose mobile rule a dial code follows: only Australia's differs (9 digits, SPEC §5). */
export function mobileCountryOfDialCode(dialCode: string): string | undefined {
  return Object.entries(DIAL_CODES).find(([, code]) => code === dialCode)?.[0];
}

/** How the 422 of PATCH /server-api/creator names each field a creator can get wrong. */
export const CREATOR_FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  dialCode: 'Dial code',
  mobile: 'Mobile number',
  'address.country': 'Country',
  'address.line1': 'Address',
  'address.line2': 'Address line 2',
  'address.city': 'Town or city',
  'address.stateProvince': 'State or province',
  'address.postcode': 'Postcode',
  handles: 'Social handles',
  youtubeChannelId: 'YouTube channel ID',
  genreIds: 'Genres',
  'taxRegistration.isRegistered': 'Tax registration',
  'taxRegistration.type': 'Tax registration type',
  'taxRegistration.number': 'Tax number',
  agencyId: 'Agency',
  acceptedTermsId: 'Terms and Conditions',
  artistIds: 'Artists',
  deviceToken: 'Device',
};

/** 'handles.1.handle' is labelled as 'Social handles'; a field without a label keeps its path. */
export function creatorFieldLabel(field: string): string {
  if (field.startsWith('handles')) return CREATOR_FIELD_LABELS.handles ?? field;
  return CREATOR_FIELD_LABELS[field] ?? field;
}

const text = (max: number, { required }: { required: boolean }) =>
  z.string({ error: REQUIRED_MESSAGE }).check(
    z.trim(),
    ...(required ? [z.minLength(1, { error: REQUIRED_MESSAGE, abort: true })] : []),
    z.maxLength(max, { error: maxLengthMessage(max), abort: true }),
    z.refine((value) => !/[\r\n\t]/.test(value) && !hasControlCharacters(value), {
      error: CREATOR_MESSAGES.oneLine,
    }),
    z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
  );

const personName = () =>
  text(CREATOR_NAME_MAX_LENGTH, { required: true }).check(z.refine(isValidName, { error: NAME_MESSAGE }));

/** A date of birth as 'YYYY-MM-DD' of someone 18 or older on the day it is checked. */
export const creatorDateOfBirthSchema = schema(() =>
  z.string({ error: REQUIRED_MESSAGE }).check(
    z.trim(),
    z.minLength(1, { error: REQUIRED_MESSAGE, abort: true }),
    z.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidDateOfBirth(value), {
      error: DATE_INVALID_MESSAGE,
      abort: true,
    }),
    z.refine((value) => (ageInYears(value) ?? 0) >= MIN_AGE_YEARS, { error: AGE_MESSAGE }),
  ),
);

/**
 * Whether a required choice is missing: a creator must choose at least one genre or artist when staff
 * offer some, and is asked for none on an install where the list is still empty (ADR 033). The form and
 * the server both ask this, the form of the list it loaded, the server of the lookups it holds.
 */
export function choiceMissing(chosenIds: readonly string[], offered: boolean): boolean {
  return offered && chosenIds.length === 0;
}

const handleShape = schema(() =>
  z.object({
    socialPlatform: z.enum(CREATOR_PLATFORMS, { error: REQUIRED_MESSAGE }),
    handle: text(HANDLE_MAX_LENGTH, { required: true }).check(
      z.refine((handle) => !handle.includes('@'), { error: SOCIAL_HANDLE_MESSAGES.atSign }),
    ),
  }),
);

/** An address as the creator gives it; `stateProvince` holds the state's code in the United States. */
export const creatorAddressBodySchema = schema(() =>
  z.object({
    country: z
      .string({ error: REQUIRED_MESSAGE })
      .check(
        z.trim(),
        z.toUpperCase(),
        z.minLength(1, { error: REQUIRED_MESSAGE, abort: true }),
        z.refine(isIsoCountryCode, { error: CREATOR_MESSAGES.chooseFromList }),
      ),
    line1: text(ADDRESS_LINE_MAX_LENGTH, { required: true }),
    line2: z.optional(text(ADDRESS_LINE_MAX_LENGTH, { required: false })),
    city: text(CITY_MAX_LENGTH, { required: true }),
    stateProvince: z.optional(text(STATE_PROVINCE_MAX_LENGTH, { required: false })),
    postcode: z
      .string({ error: REQUIRED_MESSAGE })
      .check(z.trim(), z.maxLength(20, { error: maxLengthMessage(20) })),
  }),
);

export const creatorTaxRegistrationBodySchema = schema(() =>
  z.object({
    isRegistered: z.boolean({ error: REQUIRED_MESSAGE }),
    type: z.enum(TAX_REGISTRATION_TYPES, { error: REQUIRED_MESSAGE }),
    number: z.optional(z.string().check(z.trim(), z.maxLength(40, { error: maxLengthMessage(40) }))),
  }),
);

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules that look at more than one field: the address's state and postcode by country, the mobile's
 * digits by dial code, one handle per platform, and tax registration only where it applies (SPEC §5).
 */
export function creatorProfileIssues(profile: {
  dialCode: string;
  mobile: string;
  address: { country: string; stateProvince?: string | undefined; postcode: string };
  handles: { socialPlatform: (typeof CREATOR_PLATFORMS)[number] }[];
  taxRegistration?: { isRegistered: boolean; type: 'VAT' | 'ABN'; number?: string | undefined } | undefined;
}): Issue[] {
  const issues: Issue[] = [];
  const country = normalizeCountryCode(profile.address.country);

  if (country === 'US') {
    const state = profile.address.stateProvince?.trim().toUpperCase() ?? '';
    if (state === '') issues.push({ path: ['address', 'stateProvince'], message: US_STATE_MESSAGE });
    else if (!isUsStateCode(state))
      issues.push({ path: ['address', 'stateProvince'], message: STATE_PROVINCE_MESSAGE });
  }
  // A postcode's format depends on a country that is not yet known: only its absence can be told.
  const postcode = isIsoCountryCode(country)
    ? postcodeMessage(country, profile.address.postcode)
    : profile.address.postcode.trim() === ''
      ? REQUIRED_MESSAGE
      : null;
  if (postcode) issues.push({ path: ['address', 'postcode'], message: postcode });

  const mobileCountry = mobileCountryOfDialCode(profile.dialCode);
  const digits = mobileCountry === 'AU' ? 9 : 10;
  const mobile = compactMobile(profile.mobile);
  if (mobile === '') issues.push({ path: ['mobile'], message: REQUIRED_MESSAGE });
  else if (!new RegExp(`^\\d{${digits}}$`).test(mobile))
    issues.push({ path: ['mobile'], message: mobileDigitsMessage(digits) });

  for (const index of duplicatePlatformIndexes(profile.handles)) {
    issues.push({
      path: ['handles', index, 'socialPlatform'],
      message: SOCIAL_HANDLE_MESSAGES.duplicatePlatform,
    });
  }

  const tax = profile.taxRegistration;
  if (tax?.isRegistered) {
    const applies = taxRegistrationTypeFor(country);
    if (applies === null) {
      issues.push({ path: ['taxRegistration', 'isRegistered'], message: CREATOR_MESSAGES.taxNotApplicable });
    } else if (applies !== tax.type) {
      issues.push({
        path: ['taxRegistration', 'type'],
        message: CREATOR_MESSAGES.taxTypeForCountry(applies),
      });
    } else {
      for (const issue of taxRegistrationIssues(tax)) {
        issues.push({ path: ['taxRegistration', issue.field], message: issue.message });
      }
    }
  }
  return issues;
}

/**
 * PATCH /server-api/creator: the creator's profile as the DATA_CAPTURE step collects it, sent whole. The
 * server answers a rule it refuses with 422 listing the fields (SPEC §5) and writes nothing.
 */
export const creatorProfileBodySchema = schema(() =>
  z
    .object({
      firstName: personName(),
      lastName: personName(),
      dateOfBirth: creatorDateOfBirthSchema,
      gender: z.enum(GENDERS, { error: REQUIRED_MESSAGE }),
      dialCode: z.enum(DIAL_CODE_OPTIONS as [string, ...string[]], { error: REQUIRED_MESSAGE }),
      mobile: z.string({ error: REQUIRED_MESSAGE }).check(z.maxLength(30, { error: maxLengthMessage(30) })),
      address: creatorAddressBodySchema,
      handles: z
        .array(handleShape, { error: CREATOR_MESSAGES.handlesRequired })
        .check(
          z.minLength(1, { error: CREATOR_MESSAGES.handlesRequired }),
          z.maxLength(CREATOR_PLATFORMS.length, { error: SOCIAL_HANDLE_MESSAGES.duplicatePlatform }),
        ),
      youtubeChannelId: z.optional(
        z.string().check(
          z.trim(),
          z.refine((value) => value === '' || isValidYoutubeChannelId(value), { error: CHANNEL_ID_MESSAGE }),
        ),
      ),
      genreIds: uuidList(
        CREATOR_GENRES_MAX,
        CREATOR_MESSAGES.genresRequired,
        CREATOR_MESSAGES.tooManyGenres,
        CREATOR_MESSAGES.genreUnknown,
      ),
      taxRegistration: z.optional(creatorTaxRegistrationBodySchema),
    })
    .check(
      z.superRefine((profile, ctx) => {
        for (const issue of creatorProfileIssues(profile)) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: profile });
        }
      }),
    ),
);
export type CreatorProfileBody = z.input<typeof creatorProfileBodySchema>;
export type CreatorProfile = z.output<typeof creatorProfileBodySchema>;
