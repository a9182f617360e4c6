import { z } from 'zod';
import { emailSchema } from '../rules/email';
import { maxLengthMessage, REQUIRED_MESSAGE } from '../rules/messages';
import { passwordSchema } from '../rules/password';

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

/** The Terms and Conditions version a sign-up must accept. */
export const CURRENT_TERMS_VERSION = '2026-11-01';

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .min(1, { error: REQUIRED_MESSAGE })
    .max(max, { error: maxLengthMessage(max) });

const hint = requiredText(512);

export const signUpBodySchema = z.object({
  username: emailSchema(),
  password: passwordSchema,
  deviceToken: z.string().max(4096).optional().default(''),
  tncVersion: requiredText(64).refine((version) => version === CURRENT_TERMS_VERSION, {
    error: AUTH_MESSAGES.termsOutdated,
  }),
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  username: requiredText(320),
  password: requiredText(1024),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const verifyBodySchema = z.object({ hint });
export type VerifyBody = z.infer<typeof verifyBodySchema>;

export const forgotPasswordBodySchema = z.object({ username: emailSchema() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({ hint, newPassword: passwordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const validateTokenBodySchema = z.object({ token: hint });
export type ValidateTokenBody = z.infer<typeof validateTokenBodySchema>;

export const tokenResponseSchema = z.object({
  id_token: z.string(),
  expires_in: z.number().int().describe('Seconds until the token expires'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const messageResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** First-run setup: creates the first Admin with the one-time token the server logged. */
export const setupStatusResponseSchema = z.object({ open: z.boolean() });
export type SetupStatusResponse = z.infer<typeof setupStatusResponseSchema>;

export const setupAdminBodySchema = z.object({
  token: hint,
  email: emailSchema(),
  password: passwordSchema,
});
export type SetupAdminBody = z.infer<typeof setupAdminBodySchema>;
