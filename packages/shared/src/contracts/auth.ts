import { z } from 'zod';
import { emailSchema } from '../rules/email';
import { withConfirmation } from '../rules/common';
import { maxLengthMessage, PASSWORD_MESSAGES, REQUIRED_MESSAGE } from '../rules/messages';
import { passwordSchema } from '../rules/password';
import { AUTH_MESSAGES, CURRENT_TERMS_VERSION } from './auth-codes';

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

const confirmPassword = z.string({ error: REQUIRED_MESSAGE }).min(1, { error: REQUIRED_MESSAGE });

/** The reset form: the reset body's password typed twice (the hint comes from the link). */
export const resetPasswordFormSchema = withConfirmation(
  resetPasswordBodySchema.pick({ newPassword: true }).extend({ confirmPassword }),
  'newPassword',
  'confirmPassword',
  PASSWORD_MESSAGES.mismatch,
);

/** The first-run form: the setup body with the password typed twice. */
export const setupAdminFormSchema = withConfirmation(
  setupAdminBodySchema.extend({ confirmPassword }),
  'password',
  'confirmPassword',
  PASSWORD_MESSAGES.mismatch,
);
