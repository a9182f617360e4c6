import { normalizeVatNumber, type TaxRegistrationValues } from './tax';

export const UK_VAT_STANDARD_RATE_PERCENT = 20;
export const AU_GST_RATE_PERCENT = 10;

/**
 * The tax a self-billing invoice charges on a creator's supply: UK VAT at the standard rate, Australian GST,
 * or none, with the sentence the invoice prints to say why.
 */
export type InvoiceTaxTreatment =
  | { kind: 'UK_VAT'; ratePercent: typeof UK_VAT_STANDARD_RATE_PERCENT }
  | { kind: 'AU_GST'; ratePercent: typeof AU_GST_RATE_PERCENT }
  | { kind: 'NONE'; reason: string };

export const NO_TAX_REASONS = {
  outsideUkAndAustralia: 'No VAT or GST: the supplier is outside the United Kingdom and Australia',
  vatNotRegistered: 'No VAT: the supplier is not registered for VAT',
  vatNumberMissing: 'No VAT: the supplier has given no VAT number',
  vatNumberNotUk: 'No VAT: the supplier’s VAT number is not a UK one',
  vatNotVerified: 'No VAT: HMRC has not confirmed the supplier’s VAT number',
  vatInvalid: 'No VAT: HMRC does not recognise the supplier’s VAT number',
  vatCancelled: 'No VAT: the supplier’s VAT registration is cancelled',
  vatFoundNotValid: 'No VAT: the supplier’s VAT number was checked and found not to be a valid registration',
  gstNotRegistered: 'No GST: the supplier is not registered for GST',
  abnMissing: 'No GST: the supplier has given no ABN',
  abnNotVerified: 'No GST: the Australian Business Register has not confirmed the supplier’s ABN as active',
  abnInvalid: 'No GST: the Australian Business Register does not recognise the supplier’s ABN',
  abnCancelled: 'No GST: the supplier’s ABN is cancelled',
  abnFoundNotValid: 'No GST: the supplier’s ABN was checked and found not to be a valid registration',
} as const;

const noTax = (reason: string): InvoiceTaxTreatment => ({ kind: 'NONE', reason });

const REASON_BY_VAT_STATUS = {
  'not verified': NO_TAX_REASONS.vatNotVerified,
  invalid: NO_TAX_REASONS.vatInvalid,
  cancelled: NO_TAX_REASONS.vatCancelled,
} as const;

const REASON_BY_ABN_STATUS = {
  'not verified': NO_TAX_REASONS.abnNotVerified,
  invalid: NO_TAX_REASONS.abnInvalid,
  cancelled: NO_TAX_REASONS.abnCancelled,
} as const;

/**
 * A registration as the invoice reads it. One Support checked by hand and found not valid is said to be so
 * in those words: no register was asked, so the invoice does not say that HMRC or the ABR refused it.
 */
export interface InvoiceTaxRegistration extends TaxRegistrationValues {
  checkedBySupport?: boolean;
}

/** GB or XI (Northern Ireland keeps its HMRC number under XI), or HMRC's number with no prefix at all. */
const UK_VAT_NUMBER = /^(?:GB|XI)?(?:\d|GD|HA)/;

function ukVatTreatment(registration: InvoiceTaxRegistration | null | undefined): InvoiceTaxTreatment {
  if (!registration?.isRegistered || registration.type !== 'VAT')
    return noTax(NO_TAX_REASONS.vatNotRegistered);
  const number = normalizeVatNumber(registration.number ?? '');
  if (number === '') return noTax(NO_TAX_REASONS.vatNumberMissing);
  // An EU member state's number is not a UK registration, whatever HMRC's check was asked about it.
  if (!UK_VAT_NUMBER.test(number)) return noTax(NO_TAX_REASONS.vatNumberNotUk);
  const status = registration.validationStatus ?? 'not verified';
  if (status === 'invalid' && registration.checkedBySupport) return noTax(NO_TAX_REASONS.vatFoundNotValid);
  if (status !== 'valid') return noTax(REASON_BY_VAT_STATUS[status]);
  return { kind: 'UK_VAT', ratePercent: UK_VAT_STANDARD_RATE_PERCENT };
}

function auGstTreatment(registration: InvoiceTaxRegistration | null | undefined): InvoiceTaxTreatment {
  if (!registration?.isRegistered || registration.type !== 'ABN')
    return noTax(NO_TAX_REASONS.gstNotRegistered);
  if ((registration.number ?? '').trim() === '') return noTax(NO_TAX_REASONS.abnMissing);
  const status = registration.validationStatus ?? 'not verified';
  if (status === 'invalid' && registration.checkedBySupport) return noTax(NO_TAX_REASONS.abnFoundNotValid);
  if (status !== 'valid') return noTax(REASON_BY_ABN_STATUS[status]);
  return { kind: 'AU_GST', ratePercent: AU_GST_RATE_PERCENT };
}

export interface InvoiceTaxParty {
  /** The creator's country (ISO2; 'UK' is read as GB). */
  country: string;
  taxRegistration?: InvoiceTaxRegistration | null;
}

/**
 * VAT at 20 % for a creator in the United Kingdom whose VAT number HMRC has confirmed; GST at 10 % for a
 * creator in Australia whose ABN the ABR reports active ('valid'). Anything less, including a number nobody
 * could check ('not verified'), charges no tax: tax shown on a self-billed invoice is tax the creator must
 * pay over, so it is charged only on a registration a register has confirmed.
 */
export function invoiceTaxTreatment({ country, taxRegistration }: InvoiceTaxParty): InvoiceTaxTreatment {
  const code = country.trim().toUpperCase();
  if (code === 'GB' || code === 'UK') return ukVatTreatment(taxRegistration);
  if (code === 'AU') return auGstTreatment(taxRegistration);
  return noTax(NO_TAX_REASONS.outsideUkAndAustralia);
}

/**
 * Why confirming this registration would still put no tax on the creator's invoices (not registered, a
 * number of another country, a creator outside the United Kingdom and Australia), or null when a confirmed
 * registration would: Support checks by hand only a registration whose confirmation means something.
 */
export function unconfirmableTaxReason(party: InvoiceTaxParty): string | null {
  const registration = party.taxRegistration;
  const treatment = invoiceTaxTreatment({
    country: party.country,
    taxRegistration: registration ? { ...registration, validationStatus: 'valid' } : registration,
  });
  return treatment.kind === 'NONE' ? treatment.reason : null;
}

export interface InvoiceAmounts {
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

export function taxRatePercent(treatment: InvoiceTaxTreatment): number {
  return treatment.kind === 'NONE' ? 0 : treatment.ratePercent;
}

/**
 * Net, tax and gross in integer minor units, the tax worked out once on the whole net amount and rounded to
 * the nearest minor unit, a half rounded up. In Australia that is the law: GST Act 1999 section 9-90 (the
 * total invoice rule, 0.5 cents rounded upwards). In the UK, HMRC's VAT Notice 700 paragraph 17.5 lets the
 * VAT worked out on a line be rounded to the nearer penny, and a payment is one supply, worked out as one
 * line. Credit notes carry, as positive amounts, what they take off the invoice.
 */
export function invoiceAmounts(netMinor: number, treatment: InvoiceTaxTreatment): InvoiceAmounts {
  if (!Number.isSafeInteger(netMinor) || netMinor < 0) {
    throw new RangeError(`A net amount is a whole, non-negative number of minor units, not ${netMinor}`);
  }
  const rate = taxRatePercent(treatment);
  // Split in hundreds so that net * rate never leaves the safe integers, however large the net.
  const taxMinor = Math.floor(netMinor / 100) * rate + Math.floor(((netMinor % 100) * rate + 50) / 100);
  const grossMinor = netMinor + taxMinor;
  if (!Number.isSafeInteger(grossMinor))
    throw new RangeError(`${netMinor} minor units plus tax is past exact arithmetic`);
  return { netMinor, taxMinor, grossMinor };
}
