// Kept apart from the schemas so that pages which only map codes to messages do not load zod.

/** The spec's catalogue codes (SPEC §8) with the one meaning each has here (DESIGN §6). */
export const AUTH_CODES = {
  checkYourEmail: 'IG02S64MRC',
  minimumPasswordAge: 'R72BIWFZV4',
  wrongCredentials: 'QE4B9NJ8AD',
  accountLocked: 'UF5C0OK9BE',
  passwordReused: 'YT4W98VRST',
  passwordCommon: 'A1X8V5O7EN',
  passwordContainsEmail: 'ZUCAHETDQ4',
  passwordEqualsCurrent: '2HZSB8QE9Y',
} as const;
export type AuthCode = (typeof AUTH_CODES)[keyof typeof AUTH_CODES];

export const AUTH_MESSAGES = {
  signInFailed: 'The email or password is incorrect. Please try again.',
  signUpFailed: 'Failed to join please retry.',
  forgotPasswordFailed: 'Something went wrong. Please try again',
  emailSent: 'Email sent',
  checkYourEmail: 'Please check your email for further information',
  minimumPasswordAge: 'Your password cannot be changed until the minimum password age has been reached.',
  differentPassword: 'Please try a different password.',
  hintInvalid: 'This link is not valid. Please use the latest link we emailed you.',
  hintUsed: 'This link has already been used.',
  hintExpired: 'This link has expired.',
  termsOutdated: 'Please accept the latest Terms and Conditions.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unknownError: 'An unknown error occurred.',
  // Not in the spec: it names the ResetFailed outcome (SPEC §4, §8) without words for it.
  resetFailed: 'We could not reset your password. Please try again.',
} as const;

/**
 * What a deactivated account is told when it signs in or its session ends (not in the spec, which names
 * deactivation, SPEC §7, but not these words). The server sends them; the client shows the server's words,
 * so they stay out of the web app's first load.
 */
export const DEACTIVATED_MESSAGES = {
  creator:
    'This account has been deactivated, so it can no longer sign in. If you want to use it again, or think this is a mistake, please contact Support.',
  staff:
    'This account has been disabled, so it can no longer sign in. An Admin can enable it again from Staff in the console.',
} as const;

/** The message the client shows for each catalogue code (SPEC §8). */
export const AUTH_CODE_MESSAGES: Record<AuthCode, string> = {
  IG02S64MRC: AUTH_MESSAGES.checkYourEmail,
  R72BIWFZV4: AUTH_MESSAGES.minimumPasswordAge,
  QE4B9NJ8AD: AUTH_MESSAGES.signInFailed,
  UF5C0OK9BE: AUTH_MESSAGES.signInFailed,
  YT4W98VRST: AUTH_MESSAGES.differentPassword,
  A1X8V5O7EN: AUTH_MESSAGES.differentPassword,
  ZUCAHETDQ4: AUTH_MESSAGES.differentPassword,
  '2HZSB8QE9Y': AUTH_MESSAGES.differentPassword,
};

export function isAuthCode(code: string): code is AuthCode {
  return Object.hasOwn(AUTH_CODE_MESSAGES, code);
}
