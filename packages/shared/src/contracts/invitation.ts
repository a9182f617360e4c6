// zod/mini, and apart from the staff contract: the public accept-invitation page loads only this, not the
// console's staff schemas and messages (DESIGN §3, ADR 009).
import { z } from 'zod/mini';
import { maxLengthMessage, PASSWORD_MESSAGES, REQUIRED_MESSAGE } from '../rules/messages';
import { passwordSchema } from '../rules/password';
import { MARKETING_ROLES } from '../vocabulary/roles';
import { schema } from './build-schema';

/** What the accept-invitation page says of the link and the account it creates. */
export const INVITATION_MESSAGES = {
  linkInvalid:
    'This invitation link is not valid. Open the whole link from your invitation email, or ask your Admin to send a new one.',
  linkUsed: 'This invitation has already been used. Sign in with your email and password.',
  linkCancelled: 'This invitation was cancelled. Ask your Admin if you still need an account.',
  linkExpired: 'This invitation has expired. Ask your Admin to send it again.',
  accountReady: 'Your account is ready. Sign in with your email and the password you chose.',
} as const;

const token = schema(() =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .check(z.minLength(1, { error: REQUIRED_MESSAGE }), z.maxLength(512, { error: maxLengthMessage(512) })),
);

export const invitationQuerySchema = schema(() => z.object({ token }));
export type InvitationQuery = z.infer<typeof invitationQuerySchema>;

export const invitationDetailsSchema = schema(() =>
  z.object({
    email: z.string(),
    displayName: z.string(),
    role: z.enum(MARKETING_ROLES),
  }),
);
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const acceptInvitationBodySchema = schema(() => z.object({ token, password: passwordSchema }));
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** The accept form: the password typed twice (the token comes from the link). */
export const acceptInvitationFormSchema = schema(() =>
  z
    .object({
      password: passwordSchema,
      confirmPassword: z
        .string({ error: REQUIRED_MESSAGE })
        .check(z.minLength(1, { error: REQUIRED_MESSAGE })),
    })
    .check(
      z.refine((value) => value.password === value.confirmPassword, {
        error: PASSWORD_MESSAGES.mismatch,
        path: ['confirmPassword'],
        when: (payload) => {
          const value = payload.value as Record<string, unknown> | undefined;
          return value?.password !== undefined && value.confirmPassword !== undefined;
        },
      }),
    ),
);
export type AcceptInvitationFormValues = z.input<typeof acceptInvitationFormSchema>;
