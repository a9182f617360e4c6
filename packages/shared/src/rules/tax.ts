import { z } from 'zod';
import {
  DEFAULT_TAX_VALIDATION_STATUS,
  TAX_REGISTRATION_TYPES,
  TAX_VALIDATION_STATUSES,
  type TaxRegistrationType,
  type TaxValidationStatus,
} from '../vocabulary/tax';
import { reportIssues, type RuleIssue } from './common';
import { ABN_DIGITS } from './constants';
import { TAX_MESSAGES, taxNumberRequiredMessage } from './messages';
import { EU_VAT_NUMBER_FORMATS, type VatNumberFormat } from './vat-formats';
import { schema } from '../contracts/build-schema';

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
const ABN_SHAPE = new RegExp(`^\\d{${ABN_DIGITS}}$`);

/** 11 digits, no spaces, and the Australian Business Register's weighted checksum (modulus 89). */
export function isValidAbn(value: string): boolean {
  if (!ABN_SHAPE.test(value) || value.startsWith('0')) return false;
  const digits = [...value].map(Number);
  digits[0] = (digits[0] ?? 0) - 1;
  const total = digits.reduce((sum, digit, index) => sum + digit * (ABN_WEIGHTS[index] ?? 0), 0);
  return total % 89 === 0;
}

export function hasAbnFormat(value: string): boolean {
  return ABN_SHAPE.test(value);
}

/** VAT numbers are written with spaces and in either case ('gb 980 7806 84'); rules read them without. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const GB_VAT_WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/** HMRC's check on a 9-digit registration number: the old modulus 97 scheme or the 9755 scheme. */
function hasGbVatCheckDigits(nineDigits: string): boolean {
  if (/^0+$/.test(nineDigits)) return false;
  const digits = [...nineDigits].map(Number);
  const weighted = GB_VAT_WEIGHTS.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);
  const total = weighted + Number(nineDigits.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

const GB_VAT_SHAPE = /^(?:\d{9}(?:\d{3})?|GD[0-4]\d{2}|HA[5-9]\d{2})$/;

/**
 * A UK VAT number, 'GB' prefix optional: 9 digits, or 12 where the last 3 are a branch (trader) suffix,
 * with HMRC's check digits; or a government department (GD000-GD499) or health authority (HA500-HA999).
 * These are the forms of the VIES table "VAT identification number structure" (GB999999999, GB999999999999,
 * GBGD999, GBHA999), which Northern Ireland's XI numbers keep.
 */
export function isValidGbVat(value: string): boolean {
  const number = normalizeVatNumber(value).replace(/^GB/, '');
  if (!GB_VAT_SHAPE.test(number)) return false;
  return /^(?:GD|HA)/.test(number) || hasGbVatCheckDigits(number.slice(0, 9));
}

const GB_VAT_NUMBER_FORMAT: VatNumberFormat = { shape: GB_VAT_SHAPE, hasValidCheckDigits: isValidGbVat };

const VAT_NUMBER_FORMATS = new Map<string, VatNumberFormat>([
  ...Object.entries(EU_VAT_NUMBER_FORMATS),
  ['GB', GB_VAT_NUMBER_FORMAT],
  // Northern Ireland's businesses trade goods with the EU under XI, keeping the number HMRC gave them.
  ['XI', GB_VAT_NUMBER_FORMAT],
]);

const splitVatNumber = (number: string) => ({
  format: VAT_NUMBER_FORMATS.get(number.slice(0, 2)),
  national: number.slice(2),
});

/**
 * A prefix this rule knows (the UK's GB, Northern Ireland's XI or an EU member state's) followed by a number
 * of that country's shape, read after `normalizeVatNumber`; check digits are not looked at.
 */
export function isValidVatFormat(value: string): boolean {
  const { format, national } = splitVatNumber(normalizeVatNumber(value));
  return format?.shape.test(national) ?? false;
}

export type VatNumberProblem = 'unknown prefix' | 'format' | 'check digits';

/**
 * Why a VAT number fails the VAT rule, or null when it passes. Every problem shows the one message the spec
 * has for an invalid VAT number; the reason is for logs and tests.
 */
export function vatNumberProblem(value: string): VatNumberProblem | null {
  const normalized = normalizeVatNumber(value);
  // VAT registration applies to the United Kingdom (SPEC §5), so a number without a prefix is a UK one.
  const number = /^\d+$/.test(normalized) ? `GB${normalized}` : normalized;
  const { format, national } = splitVatNumber(number);
  if (!format) return 'unknown prefix';
  if (!format.shape.test(national)) return 'format';
  return format.hasValidCheckDigits && !format.hasValidCheckDigits(national) ? 'check digits' : null;
}

/**
 * The VAT rule: a UK number (GB, XI or no prefix) must pass HMRC's check digits; an EU member state's must
 * have that state's shape and, where the state has a simple scheme, its check digits
 * (`EU_VAT_NUMBER_FORMATS`).
 */
export function isValidVatNumber(value: string): boolean {
  return vatNumberProblem(value) === null;
}

/**
 * The message for an ABN after the lookup has answered, or null. A failed lookup leaves the number 'not
 * verified' and shows the inactive message (SPEC §8); call this only once a lookup has been attempted.
 */
export function abnStatusMessage(status: TaxValidationStatus): string | null {
  switch (status) {
    case 'invalid':
      return TAX_MESSAGES.abnInvalid;
    case 'cancelled':
    case 'not verified':
      return TAX_MESSAGES.abnInactive;
    default:
      return null;
  }
}

export interface TaxRegistrationValues {
  isRegistered?: boolean;
  type?: TaxRegistrationType;
  number?: string;
  validationStatus?: TaxValidationStatus;
}

/**
 * A number is needed only when registered. A registered ABN whose lookup said invalid or cancelled fails
 * (SPEC §4); so does a VAT number HMRC says is not registered, since invoices would charge VAT on its
 * strength (ADR 014). A number that could not be checked ('not verified') can be saved either way.
 */
export function taxRegistrationIssues(registration: TaxRegistrationValues): RuleIssue[] {
  const { isRegistered, type, validationStatus } = registration;
  if (!isRegistered || !type) return [];
  const number = registration.number?.trim() ?? '';
  const issue = (message: string): RuleIssue[] => [{ field: 'number', message }];
  if (number === '') return issue(taxNumberRequiredMessage(type));
  if (type === 'VAT') {
    return isValidVatNumber(number) && validationStatus !== 'invalid' ? [] : issue(TAX_MESSAGES.vatInvalid);
  }
  if (!hasAbnFormat(number)) return issue(TAX_MESSAGES.abnFormat);
  if (!isValidAbn(number) || validationStatus === 'invalid') return issue(TAX_MESSAGES.abnInvalid);
  if (validationStatus === 'cancelled') return issue(TAX_MESSAGES.abnInactive);
  return [];
}

export const taxRegistrationShape = schema(() => ({
  isRegistered: z.boolean(),
  type: z.enum(TAX_REGISTRATION_TYPES),
  number: z.string().trim().optional(),
  validationStatus: z.enum(TAX_VALIDATION_STATUSES).default(DEFAULT_TAX_VALIDATION_STATUS),
}));

export const taxRegistrationSchema = schema(() =>
  z.object(taxRegistrationShape).superRefine(reportIssues(taxRegistrationIssues)),
);
export type TaxRegistration = z.infer<typeof taxRegistrationSchema>;
