/** The spec's validation messages (SPEC §5), word for word. */
export const REQUIRED_MESSAGE = 'This field is required';

export const EMAIL_MESSAGES = {
  invalid: 'A valid email is required',
  invalidAlternative: 'Please enter a valid email address',
} as const;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password cannot exceed 255 characters',
  tooWeak:
    'Use at least 5 unique characters, 1 upper case letter, 1 lower case letter, 1 number and 1 special character',
} as const;
