import { z } from 'zod';
import { isIsoCountryCode, normalizeCountryCode } from '../vocabulary/countries';
import { isUsStateCode } from '../vocabulary/us-states';
import { reportIssues, type RuleIssue } from './common';
import { POSTCODE_DIGITS, POSTCODE_DIGITS_AUSTRALIA } from './constants';
import {
  POSTCODE_MESSAGES,
  REQUIRED_MESSAGE,
  STATE_PROVINCE_MESSAGE,
  US_STATE_MESSAGE,
  maxLengthMessage,
  postcodeDigitsMessage,
} from './messages';
import { schema } from '../contracts/build-schema';

const STATE_PROVINCE_MAX_LENGTH = 255;

/**
 * Every UK postcode format of Royal Mail's Programmers' Guide to the Postcode Address File (PAF): A9 9AA,
 * A99 9AA, A9A 9AA, AA9 9AA, AA99 9AA and AA9A 9AA, with the letters each position may hold (no Q, V or X
 * first; no I, J or Z second; A9A's third one of ABCDEFGHJKPSTUW; AA9A's fourth one of ABEHMNPRVWXY; no C, I,
 * K, M, O or V in the inward code's letters), plus Girobank's GIR 0AA. The space is optional and case does not
 * matter. The British overseas territories' postcodes (ASCN 1ZZ, STHL 1ZZ, FIQQ 1ZZ…) are not in PAF: they
 * belong to those territories, whose country is not GB.
 */
const UK_POSTCODE =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

/** Digits a postcode has outside the United Kingdom: 4 in Australia, 5 elsewhere (SPEC §5). */
export function postcodeDigitsFor(country: string): number {
  return normalizeCountryCode(country) === 'AU' ? POSTCODE_DIGITS_AUSTRALIA : POSTCODE_DIGITS;
}

/** The postcode rule's message for this country (ISO2), or null when the postcode is fine. */
export function postcodeMessage(country: string, value: string | undefined): string | null {
  const postcode = (value ?? '').trim();
  if (postcode === '') return REQUIRED_MESSAGE;
  if (normalizeCountryCode(country) === 'GB') {
    return UK_POSTCODE.test(postcode) ? null : POSTCODE_MESSAGES.invalidUk;
  }
  const digits = postcodeDigitsFor(country);
  return new RegExp(`^\\d{${digits}}$`).test(postcode) ? null : postcodeDigitsMessage(digits);
}

export function isValidPostcode(country: string, value: string): boolean {
  return postcodeMessage(country, value) === null;
}

const isUnitedStates = (country: string | undefined) =>
  country !== undefined && normalizeCountryCode(country) === 'US';

/** Until a country is chosen the postcode can only be required; its format depends on the country. */
function addressPostcodeMessage(address: { country?: string; postcode?: string }): string | null {
  const country = normalizeCountryCode(address.country ?? '');
  if (isIsoCountryCode(country)) return postcodeMessage(country, address.postcode);
  return (address.postcode ?? '').trim() === '' ? REQUIRED_MESSAGE : null;
}

/** ISO2 country of an address; a value the list does not have counts as not chosen. */
export const countryCodeSchema = schema(() =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .toUpperCase()
    .refine(isIsoCountryCode, { error: REQUIRED_MESSAGE }),
);

export interface AddressFormValues {
  country?: string;
  usState?: string;
  postcode?: string;
}

/** The address form: a US state is required for the United States and must be on the list. */
export function addressFormIssues(address: AddressFormValues): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const usState = address.usState?.trim().toUpperCase() ?? '';
  if (isUnitedStates(address.country) && !isUsStateCode(usState)) {
    issues.push({ field: 'usState', message: US_STATE_MESSAGE });
  }
  const postcode = addressPostcodeMessage(address);
  if (postcode) issues.push({ field: 'postcode', message: postcode });
  return issues;
}

export const addressFormShape = schema(() => ({
  country: countryCodeSchema,
  usState: z.string().trim().toUpperCase().optional(),
  postcode: z.string({ error: REQUIRED_MESSAGE }).trim(),
}));

export const addressFormSchema = schema(() =>
  z.object(addressFormShape).superRefine(reportIssues(addressFormIssues)),
);

export interface CreatorAddressValues {
  country?: string;
  stateProvince?: string;
  postcode?: string;
}

/** The creator payload's address: for the United States stateProvince is a state or territory code. */
export function creatorAddressIssues(address: CreatorAddressValues): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (isUnitedStates(address.country) && !isUsStateCode(address.stateProvince?.trim() ?? '')) {
    issues.push({ field: 'stateProvince', message: STATE_PROVINCE_MESSAGE });
  }
  const postcode = addressPostcodeMessage(address);
  if (postcode) issues.push({ field: 'postcode', message: postcode });
  return issues;
}

export const creatorAddressShape = schema(() => ({
  country: countryCodeSchema,
  stateProvince: z
    .string()
    .trim()
    .max(STATE_PROVINCE_MAX_LENGTH, { error: maxLengthMessage(STATE_PROVINCE_MAX_LENGTH) })
    .optional(),
  postcode: z.string({ error: REQUIRED_MESSAGE }).trim(),
}));

export const creatorAddressSchema = schema(() =>
  z.object(creatorAddressShape).superRefine(reportIssues(creatorAddressIssues)),
);
