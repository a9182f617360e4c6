/** Tax registration types (SPEC §3): VAT applies to the United Kingdom, ABN to Australia. */
export const TAX_REGISTRATION_TYPES = ['VAT', 'ABN'] as const;
export type TaxRegistrationType = (typeof TAX_REGISTRATION_TYPES)[number];

export const TAX_REGISTRATION_TYPE_BY_COUNTRY: Readonly<Record<string, TaxRegistrationType>> = {
  GB: 'VAT',
  AU: 'ABN',
};

/** The registration type a creator in this country (ISO2) may declare, or null where tax does not apply. */
export function taxRegistrationTypeFor(country: string): TaxRegistrationType | null {
  return TAX_REGISTRATION_TYPE_BY_COUNTRY[country.toUpperCase()] ?? null;
}

/** A tax registration's validation status (SPEC §3), as stored on the registration. */
export const TAX_VALIDATION_STATUSES = ['valid', 'invalid', 'cancelled', 'not verified'] as const;
export type TaxValidationStatus = (typeof TAX_VALIDATION_STATUSES)[number];
export const DEFAULT_TAX_VALIDATION_STATUS: TaxValidationStatus = 'not verified';

/** Tax compliance status (SPEC §4), the wire spelling of the validation status. */
export const TAX_COMPLIANCE_STATUSES = ['VALID', 'INVALID', 'CANCELLED', 'NOT_VERIFIED'] as const;
export type TaxComplianceStatus = (typeof TAX_COMPLIANCE_STATUSES)[number];

export const TAX_COMPLIANCE_BY_VALIDATION: Record<TaxValidationStatus, TaxComplianceStatus> = {
  valid: 'VALID',
  invalid: 'INVALID',
  cancelled: 'CANCELLED',
  'not verified': 'NOT_VERIFIED',
};

export const TAX_VALIDATION_BY_COMPLIANCE = Object.fromEntries(
  Object.entries(TAX_COMPLIANCE_BY_VALIDATION).map(([validation, compliance]) => [compliance, validation]),
) as Record<TaxComplianceStatus, TaxValidationStatus>;

/** What the ABN lookup answers (SPEC §4). */
export const TAX_LOOKUP_STATUSES = ['ACTIVE', 'CANCELLED', 'INVALID', 'GUID_INVALID'] as const;
export type TaxLookupStatus = (typeof TAX_LOOKUP_STATUSES)[number];

/**
 * The validation status an ABN lookup leads to (SPEC §4); `null` is a failed call. A bad provider GUID is
 * our configuration, not the creator's number, so it leaves the number unverified.
 */
export function abnValidationStatus(lookup: TaxLookupStatus | null): TaxValidationStatus {
  switch (lookup) {
    case 'ACTIVE':
      return 'valid';
    case 'CANCELLED':
      return 'cancelled';
    case 'INVALID':
      return 'invalid';
    default:
      return 'not verified';
  }
}

/** The validation status a VAT check leads to (SPEC §4); `null` is a failed call. */
export function vatValidationStatus(isValid: boolean | null): TaxValidationStatus {
  if (isValid === null) return 'not verified';
  return isValid ? 'valid' : 'invalid';
}

/**
 * How an install checks a number of each type: with its register (HMRC, the Australian Business Register)
 * when that register's credentials are configured, or by hand by Support when they are not.
 */
export const TAX_NUMBER_CHECKS = ['REGISTER', 'SUPPORT'] as const;
export type TaxNumberCheck = (typeof TAX_NUMBER_CHECKS)[number];

/** The `checkSource` of a registration Support checked by hand (the registers' are hmrc, abr and offline). */
export const TAX_CHECKED_BY_SUPPORT = 'support';

/** Who checks a number of this type automatically, as the creator and staff know them. */
export const TAX_REGISTER_NAMES: Readonly<Record<TaxRegistrationType, string>> = {
  VAT: 'HMRC',
  ABN: 'the Australian Business Register',
};
