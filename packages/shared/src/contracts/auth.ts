// zod/mini rather than zod: the sign-in and sign-up pages load these schemas, and the full zod would push
// them past the first-page budget (DESIGN §3).
import { z } from 'zod/mini';
import { emailSchema } from '../rules/email';
import { maxLengthMessage, PASSWORD_MESSAGES, REQUIRED_MESSAGE } from '../rules/messages';
import { passwordSchema } from '../rules/password';
import { schema } from './build-schema';

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .check(z.minLength(1, { error: REQUIRED_MESSAGE }), z.maxLength(max, { error: maxLengthMessage(max) }));

const hint = schema(() => requiredText(512));

export const signUpBodySchema = schema(() =>
  z.object({
    username: emailSchema(),
    password: passwordSchema,
    deviceToken: z._default(z.optional(z.string().check(z.maxLength(4096))), ''),
    /**
     * The terms the creator was shown and accepted: the legal document's id, or the version string of the
     * terms in force (SPEC §3 calls it a version). Which published terms it names is the server's to tell.
     */
    tncVersion: requiredText(64),
  }),
);
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signInBodySchema = schema(() =>
  z.object({
    username: requiredText(320),
    password: requiredText(1024),
  }),
);
export type SignInBody = z.infer<typeof signInBodySchema>;

/**
 * The sign-in form: the body with the email's shape checked, so a typo is caught before anything is sent.
 * The server keeps the looser body, so that it answers any username with the same failure.
 */
export const signInFormSchema = schema(() => z.extend(signInBodySchema, { username: emailSchema() }));

export const verifyBodySchema = schema(() => z.object({ hint }));
export type VerifyBody = z.infer<typeof verifyBodySchema>;

export const forgotPasswordBodySchema = schema(() => z.object({ username: emailSchema() }));
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = schema(() => z.object({ hint, newPassword: passwordSchema }));
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const validateTokenBodySchema = schema(() => z.object({ token: hint }));
export type ValidateTokenBody = z.infer<typeof validateTokenBodySchema>;

export const tokenResponseSchema = schema(() =>
  z.object({
    id_token: z.string(),
    expires_in: z.number().check(z.int(), z.describe('Seconds until the token expires')),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const messageResponseSchema = schema(() =>
  z.object({
    message: z.string(),
    code: z.optional(z.string()),
  }),
);
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** First-run setup: creates the first Admin with the one-time token the server logged. */
export const setupStatusResponseSchema = schema(() => z.object({ open: z.boolean() }));
export type SetupStatusResponse = z.infer<typeof setupStatusResponseSchema>;

export const setupAdminBodySchema = schema(() =>
  z.object({
    token: hint,
    email: emailSchema(),
    password: passwordSchema,
  }),
);
export type SetupAdminBody = z.infer<typeof setupAdminBodySchema>;

const confirmPassword = z
  .string({ error: REQUIRED_MESSAGE })
  .check(z.minLength(1, { error: REQUIRED_MESSAGE }));

/**
 * The repeated password must equal the password; the message goes on `confirmPassword`. It is checked
 * even while other fields still have problems, as long as both values are there.
 */
function passwordConfirmed<Field extends string>(field: Field) {
  const bothPresent = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>)[field] !== undefined &&
    (value as Record<string, unknown>).confirmPassword !== undefined;
  return z.refine<Record<Field | 'confirmPassword', unknown>>(
    (value) => value[field] === value.confirmPassword,
    {
      error: PASSWORD_MESSAGES.mismatch,
      path: ['confirmPassword'],
      when: (payload) => bothPresent(payload.value),
    },
  );
}

/** The reset form: the reset body's password typed twice (the hint comes from the link). */
export const resetPasswordFormSchema = schema(() =>
  z
    .extend(z.pick(resetPasswordBodySchema, { newPassword: true }), { confirmPassword })
    .check(passwordConfirmed('newPassword')),
);

/** The first-run form: the setup body with the password typed twice. */
export const setupAdminFormSchema = schema(() =>
  z.extend(setupAdminBodySchema, { confirmPassword }).check(passwordConfirmed('password')),
);
