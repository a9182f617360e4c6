/**
 * The messages of the creator's profile and tax rules (SPEC §5), apart from the rest so that the pages
 * that only sign people in do not download them with the messages they use (ADR 009).
 */
export function mobileDigitsMessage(digits: number): string {
  return `Mobile number should be ${digits} digits`;
}

export const AGE_MESSAGE = 'You should be 18 years or older';
// Not in the spec: a date of birth that is not a calendar date.
export const DATE_INVALID_MESSAGE = 'Please enter a valid date';

export const NAME_MESSAGE = 'This field cannot contain numbers or special characters';

export const SOCIAL_HANDLE_MESSAGES = {
  atSign: '@ is not allowed in this field',
  duplicatePlatform: 'You already added a handle for this platform',
  selectedInHoc: 'This handle is already selected in HOC',
} as const;

export const US_STATE_MESSAGE = 'Choose a US state';
export const STATE_PROVINCE_MESSAGE =
  'If the country is US, stateProvince must be a two-digit US state code.';

export const POSTCODE_MESSAGES = {
  invalidUk: 'Invalid Postcode',
  verify: 'Please verify post/zip code is correct',
} as const;

export function postcodeDigitsMessage(digits: number): string {
  return `Post/Zip code must be ${digits} digits`;
}

/** The 422 of an address update, listing the fields the server could not accept. */
export function invalidFieldsMessage(fields: readonly string[]): string {
  return `Please verify the following field(s): ${fields.join(', ')}`;
}

/**
 * SPEC §5 writes '{VAT or ABN} number is required when {…} registered'; both gaps take the
 * registration type: 'VAT number is required when VAT registered', 'ABN number is required when ABN
 * registered'.
 */
export function taxNumberRequiredMessage(type: 'VAT' | 'ABN'): string {
  return `${type} number is required when ${type} registered`;
}

export const TAX_MESSAGES = {
  vatInvalid: 'The entered VAT is invalid, please enter a correct VAT number',
  abnFormat: 'Invalid ABN Format. Ensure you’ve entered 11 digits with no spaces.',
  abnInvalid: 'The ABN entered is not valid. Please check and try again.',
  abnInactive: 'The ABN provided is currently inactive. Please update or provide an Active ABN.',
} as const;

export const CHANNEL_ID_MESSAGE = 'Invalid Channel ID';
