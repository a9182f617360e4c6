import { electronicFormatIBAN, isValidBIC, isValidIBAN, countrySpecs } from 'ibantools';
import { z } from 'zod';
import { isIsoCountryCode } from '../vocabulary/countries';
import { reportIssues, type RuleIssue } from './common';
import { hasUnpairedSurrogates } from './control-characters';
import { isValidEmail, normalizeEmail } from './email';
import { EMAIL_MESSAGES, REQUIRED_MESSAGE, maxLengthMessage } from './messages';
import { schema } from '../contracts/build-schema';

/** How a creator without a payouts provider is paid: to a bank account, or to a PayPal account. */
export const PAYOUT_DETAILS_METHODS = ['BANK_ACCOUNT', 'PAYPAL'] as const;
export type PayoutDetailsMethod = (typeof PAYOUT_DETAILS_METHODS)[number];

/**
 * Which fields a bank account in a country is given by: the UK's sort code, Australia's BSB and the US
 * routing number, each with an account number; an IBAN where the country has one (the EU and the rest of
 * the IBAN registry); elsewhere the bank's SWIFT/BIC and the account number.
 */
export type BankAccountFormat = 'GB' | 'AU' | 'US' | 'IBAN' | 'SWIFT';

export function bankAccountFormat(country: string): BankAccountFormat {
  if (country === 'GB' || country === 'AU' || country === 'US') return country;
  const spec = (countrySpecs as Record<string, { chars?: number }>)[country];
  return spec?.chars ? 'IBAN' : 'SWIFT';
}

export const PAYOUT_DETAILS_MESSAGES = {
  methodRequired: 'Choose how you want to be paid',
  countryRequired: 'Choose the country of the bank account',
  accountHolderRequired: 'Give the name on the account',
  sortCode: 'A sort code is 6 digits, such as 12-34-56',
  gbAccountNumber: 'A UK account number is 8 digits',
  bsb: 'A BSB is 6 digits, such as 062-000',
  auAccountNumber: 'An Australian account number is 5 to 9 digits',
  routingNumber: 'A routing number is 9 digits and must be a real one (its check digit does not match)',
  usAccountNumber: 'A US account number is 4 to 17 digits',
  iban: 'Enter a valid IBAN: check it against your bank statement',
  ibanCountry: (country: string) => `This IBAN is not for an account in ${country}`,
  bic: 'Enter a valid SWIFT/BIC code, 8 or 11 letters and digits such as DEUTDEFF',
  accountNumber: 'Give the account number, up to 34 letters and digits',
  paypalEmail: EMAIL_MESSAGES.invalid,
} as const;

const ACCOUNT_HOLDER_MAX = 140;
const PAYPAL_EMAIL_MAX = 254;

/** What the creator types, as the form sends it: every field a string, the ones the country needs filled. */
const payoutDetailsShape = {
  method: z.enum(PAYOUT_DETAILS_METHODS, { error: PAYOUT_DETAILS_MESSAGES.methodRequired }),
  country: z.optional(z.string().trim().toUpperCase()),
  accountHolder: z.optional(z.string().trim()),
  sortCode: z.optional(z.string()),
  bsb: z.optional(z.string()),
  routingNumber: z.optional(z.string()),
  accountNumber: z.optional(z.string()),
  iban: z.optional(z.string()),
  bic: z.optional(z.string()),
  paypalEmail: z.optional(z.string().trim()),
};
type PayoutDetailsInput = z.infer<z.ZodObject<typeof payoutDetailsShape>>;

/** Digits only: people write sort codes and account numbers with spaces and dashes. */
const digitsOf = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');
const compactOf = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '').toUpperCase();

/** The ABA routing number's check: 3, 7, 1 weights over the nine digits sum to a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const total = [...value].reduce((sum, digit, index) => sum + Number(digit) * (weights[index] ?? 0), 0);
  return total % 10 === 0 && value !== '000000000';
}

function payoutDetailsIssues(value: PayoutDetailsInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (value.method === 'PAYPAL') {
    const email = value.paypalEmail ?? '';
    if (!email) issues.push({ field: 'paypalEmail', message: REQUIRED_MESSAGE });
    else if (email.length > PAYPAL_EMAIL_MAX || !isValidEmail(email)) {
      issues.push({ field: 'paypalEmail', message: PAYOUT_DETAILS_MESSAGES.paypalEmail });
    }
    return issues;
  }
  const holder = value.accountHolder ?? '';
  if (!holder)
    issues.push({ field: 'accountHolder', message: PAYOUT_DETAILS_MESSAGES.accountHolderRequired });
  else if (holder.length > ACCOUNT_HOLDER_MAX) {
    issues.push({ field: 'accountHolder', message: maxLengthMessage(ACCOUNT_HOLDER_MAX) });
  } else if (hasUnpairedSurrogates(holder)) {
    issues.push({ field: 'accountHolder', message: PAYOUT_DETAILS_MESSAGES.accountHolderRequired });
  }
  const country = value.country ?? '';
  if (!isIsoCountryCode(country)) {
    issues.push({ field: 'country', message: PAYOUT_DETAILS_MESSAGES.countryRequired });
    return issues;
  }
  const accountNumber = digitsOf(value.accountNumber);
  switch (bankAccountFormat(country)) {
    case 'GB':
      if (!/^\d{6}$/.test(digitsOf(value.sortCode))) {
        issues.push({ field: 'sortCode', message: PAYOUT_DETAILS_MESSAGES.sortCode });
      }
      if (!/^\d{8}$/.test(accountNumber)) {
        issues.push({ field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.gbAccountNumber });
      }
      break;
    case 'AU':
      if (!/^\d{6}$/.test(digitsOf(value.bsb)))
        issues.push({ field: 'bsb', message: PAYOUT_DETAILS_MESSAGES.bsb });
      if (!/^\d{5,9}$/.test(accountNumber)) {
        issues.push({ field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.auAccountNumber });
      }
      break;
    case 'US':
      if (!isValidRoutingNumber(digitsOf(value.routingNumber))) {
        issues.push({ field: 'routingNumber', message: PAYOUT_DETAILS_MESSAGES.routingNumber });
      }
      if (!/^\d{4,17}$/.test(accountNumber)) {
        issues.push({ field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.usAccountNumber });
      }
      break;
    case 'IBAN': {
      const iban = electronicFormatIBAN(value.iban ?? '') ?? '';
      if (!isValidIBAN(iban)) issues.push({ field: 'iban', message: PAYOUT_DETAILS_MESSAGES.iban });
      else if (!iban.startsWith(country)) {
        issues.push({ field: 'iban', message: PAYOUT_DETAILS_MESSAGES.ibanCountry(country) });
      }
      break;
    }
    case 'SWIFT':
      if (!isValidBIC(compactOf(value.bic)))
        issues.push({ field: 'bic', message: PAYOUT_DETAILS_MESSAGES.bic });
      if (!/^[A-Z0-9]{1,34}$/.test(compactOf(value.accountNumber))) {
        issues.push({ field: 'accountNumber', message: PAYOUT_DETAILS_MESSAGES.accountNumber });
      }
      break;
  }
  return issues;
}

/**
 * PUT /server-api/creator/payout-details: where the creator is paid. Each country's bank fields are
 * checked as that country writes them, IBANs by their checksum and US routing numbers by theirs.
 */
export const payoutDetailsBodySchema = schema(() =>
  z.strictObject(payoutDetailsShape).superRefine(reportIssues(payoutDetailsIssues)),
);
export type PayoutDetailsBody = z.infer<typeof payoutDetailsBodySchema>;

/** Payout details as they are kept: only the fields of their method and country, written compactly. */
export type PayoutDetails =
  | { method: 'PAYPAL'; paypalEmail: string }
  | {
      method: 'BANK_ACCOUNT';
      country: string;
      accountHolder: string;
      format: BankAccountFormat;
      sortCode?: string;
      bsb?: string;
      routingNumber?: string;
      accountNumber?: string;
      iban?: string;
      bic?: string;
    };

/** The details a valid body holds, without the fields its method or country does not use. */
export function normalizePayoutDetails(body: PayoutDetailsBody): PayoutDetails {
  if (body.method === 'PAYPAL')
    return { method: 'PAYPAL', paypalEmail: normalizeEmail(body.paypalEmail ?? '') };
  const country = body.country ?? '';
  const format = bankAccountFormat(country);
  const base = { method: 'BANK_ACCOUNT' as const, country, accountHolder: body.accountHolder ?? '', format };
  switch (format) {
    case 'GB':
      return { ...base, sortCode: digitsOf(body.sortCode), accountNumber: digitsOf(body.accountNumber) };
    case 'AU':
      return { ...base, bsb: digitsOf(body.bsb), accountNumber: digitsOf(body.accountNumber) };
    case 'US':
      return {
        ...base,
        routingNumber: digitsOf(body.routingNumber),
        accountNumber: digitsOf(body.accountNumber),
      };
    case 'IBAN':
      return { ...base, iban: electronicFormatIBAN(body.iban ?? '') ?? '' };
    case 'SWIFT':
      return { ...base, bic: compactOf(body.bic), accountNumber: compactOf(body.accountNumber) };
  }
}

const MASK = '••••';

/**
 * What may be shown of payout details: the last four characters of the account number or IBAN, or the
 * PayPal address with its name hidden but for the first letter. Never enough to pay into.
 */
export function maskPayoutDetails(details: PayoutDetails): string {
  if (details.method === 'PAYPAL') {
    const [name = '', domain = ''] = details.paypalEmail.split('@');
    return `PayPal ${name.slice(0, 1)}${MASK}@${domain}`;
  }
  const number = details.iban ?? details.accountNumber ?? '';
  return `Bank account (${details.country}) ending ${MASK}${number.slice(-4)}`;
}
