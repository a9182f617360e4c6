/**
 * The spec's validation messages (SPEC §5), word for word, and the few the spec leaves open (marked
 * "not in the spec": decided here so that every screen and the server say the same thing).
 */
export const REQUIRED_MESSAGE = 'This field is required';

export const EMAIL_MESSAGES = {
  invalid: 'A valid email is required',
  invalidAlternative: 'Please enter a valid email address',
  // Not in the spec: it names a restricted-company-domain variant without its wording.
  restrictedDomain: 'Email addresses from this domain are not allowed',
  companyDomainRequired: 'Please use your company email address',
} as const;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password cannot exceed 255 characters',
  tooWeak:
    'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
  // Not in the spec: the confirm-match rule (SPEC §5) applied to a repeated password.
  mismatch: 'Passwords do not match',
} as const;

export function maxLengthMessage(max: number): string {
  return `You cannot enter more than ${max} characters`;
}

// Not in the spec: any text field that holds a control character (NUL, ESC, DEL, …), pasted or forged.
export const CONTROL_CHARACTERS_MESSAGE = 'This field contains invisible characters that are not allowed';
// Not in the spec: text holding half of a surrogate pair (a character cut in two), forged or mangled.
export const UNPAIRED_SURROGATES_MESSAGE = 'This field contains characters that are not allowed';

export const URL_MESSAGE = 'Please enter a valid url';

export function campaignPlatformMessage(platformLabel: string): string {
  return `This campaign is for ${platformLabel}. Please try again with a ${platformLabel} link.`;
}

export const TEXT_MESSAGE = 'Field cannot contain special characters';
// Not in the spec: the default for a confirming field (callers pass their own, e.g. for passwords).
export const CONFIRM_MISMATCH_MESSAGE = 'The values do not match';

export * from './messages-profile';

export const FILE_UPLOAD_MESSAGES = {
  missing: 'Please select a file to upload.',
  tooLarge: 'File size exceeds the maximum limit of 250 MB.',
  uploadUrlFailed: 'Failed to generate upload url.',
  uploadFailed: 'File upload failed.',
  // Not in the spec: a file outside the field's accept list.
  typeNotAllowed: 'This file type is not supported.',
} as const;
