import {
  TAX_CHECKED_BY_SUPPORT,
  TAX_REGISTER_NAMES,
  TAX_VERIFICATION_MESSAGES,
  unconfirmableTaxReason,
  type TaxVerification,
} from '@platform/shared';
import type { TaxRegistrationRow } from './creators-console.repository';

/** Support's check by hand of a registration, while it is the registration's latest check. */
export function verificationOf(tax: TaxRegistrationRow, decidedBy: string | null): TaxVerification | null {
  if (tax.checkSource !== TAX_CHECKED_BY_SUPPORT || !tax.checkedOn || !tax.checkedAt) return null;
  return {
    outcome: tax.validationStatus === 'valid' ? 'VERIFIED' : 'NOT_VALID',
    note: tax.checkNote ?? '',
    reference: tax.checkReference,
    checkedOn: tax.checkedOn,
    decidedBy,
    decidedAt: tax.checkedAt.toISOString(),
  };
}

/** The registers that answer for themselves: a number one of them confirmed or refused is not checked by hand. */
const REGISTER_BY_SOURCE: Readonly<Record<string, string>> = {
  hmrc: TAX_REGISTER_NAMES.VAT,
  abr: TAX_REGISTER_NAMES.ABN,
};

/**
 * Why Support may not record a check by hand of this registration now, or null when they may: a number
 * must be registered, no register may have answered for it, and its confirmation must put VAT or GST on
 * the creator's invoices.
 */
export function byHandObstacle(country: string | null, tax: TaxRegistrationRow | undefined): string | null {
  if (!tax?.isRegistered || !tax.number) return TAX_VERIFICATION_MESSAGES.nothingToCheck;
  const register = tax.checkSource ? REGISTER_BY_SOURCE[tax.checkSource] : undefined;
  if (register && tax.validationStatus !== 'not verified') {
    return TAX_VERIFICATION_MESSAGES.checkedByRegister(register);
  }
  const pointless = unconfirmableTaxReason({
    country: country ?? '',
    taxRegistration: { isRegistered: true, type: tax.type, number: tax.number },
  });
  return pointless ? `A check by hand would change nothing on this creator’s invoices. ${pointless}.` : null;
}
