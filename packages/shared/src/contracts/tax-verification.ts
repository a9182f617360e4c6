// zod/mini, as every contract the console loads (lists.ts explains the budget).
import { z } from 'zod/mini';
import { TAX_NUMBER_CHECKS } from '../vocabulary/tax';
import { schema } from './build-schema';

/**
 * What Support concluded from a registration checked by hand: the number is registered (VERIFIED), or it
 * is not a valid registration (NOT_VALID).
 */
export const TAX_VERIFICATION_OUTCOMES = ['VERIFIED', 'NOT_VALID'] as const;
export type TaxVerificationOutcome = (typeof TAX_VERIFICATION_OUTCOMES)[number];

export const TAX_VERIFICATION_NOTE_MAX_LENGTH = 1000;
export const TAX_VERIFICATION_REFERENCE_MAX_LENGTH = 200;

export const TAX_VERIFICATION_MESSAGES = {
  outcome: 'Choose whether the number is verified or not valid',
  number: 'The number you checked is required',
  evidenceRequired: 'Say what you checked',
  reasonRequired: 'Give the reason the number is not valid',
  noteTooLong: `You cannot enter more than ${TAX_VERIFICATION_NOTE_MAX_LENGTH} characters`,
  referenceRequired: 'Give the reference of your check',
  referenceTooLong: `You cannot enter more than ${TAX_VERIFICATION_REFERENCE_MAX_LENGTH} characters`,
  checkedOnRequired: 'Give the day you checked',
  checkedOnInFuture: 'The day you checked cannot be in the future',
  numberChanged:
    'The creator has changed their number since this page was loaded: open the creator again and check the new number.',
  nothingToCheck: 'This creator has not declared a registered tax number: there is nothing to check.',
  deactivated: 'This creator’s account is deactivated: their tax registration can no longer be checked.',
  checkedByRegister: (register: string) =>
    `${register.charAt(0).toUpperCase()}${register.slice(1)} has already answered for this number, and its answer stands: a check by hand is for a number no register could confirm.`,
} as const;

const trimmed = (max: number, tooLong: string) =>
  z.string().check(z.trim(), z.maxLength(max, { error: tooLong }));

/**
 * POST …/marketing/creators/{id}/tax-verification: Support's check of a creator's VAT number or ABN by hand.
 * `number` is the number as the page showed it, so that a number the creator changed meanwhile is not
 * decided on the strength of a check of the old one. VERIFIED needs what was checked (`note`) and its
 * reference; NOT_VALID needs the reason (`note`), which the creator reads. The server also refuses a day
 * in the future.
 */
export const taxVerificationBodySchema = schema(() =>
  z
    .strictObject({
      outcome: z.enum(TAX_VERIFICATION_OUTCOMES, { error: TAX_VERIFICATION_MESSAGES.outcome }),
      number: z
        .string({ error: TAX_VERIFICATION_MESSAGES.number })
        .check(z.trim(), z.minLength(1, { error: TAX_VERIFICATION_MESSAGES.number }), z.maxLength(100)),
      note: z.optional(trimmed(TAX_VERIFICATION_NOTE_MAX_LENGTH, TAX_VERIFICATION_MESSAGES.noteTooLong)),
      reference: z.optional(
        trimmed(TAX_VERIFICATION_REFERENCE_MAX_LENGTH, TAX_VERIFICATION_MESSAGES.referenceTooLong),
      ),
      checkedOn: z.iso.date({ error: TAX_VERIFICATION_MESSAGES.checkedOnRequired }),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (!body.note) {
          ctx.addIssue({
            code: 'custom',
            path: ['note'],
            input: body.note,
            message:
              body.outcome === 'VERIFIED'
                ? TAX_VERIFICATION_MESSAGES.evidenceRequired
                : TAX_VERIFICATION_MESSAGES.reasonRequired,
          });
        }
        if (body.outcome === 'VERIFIED' && !body.reference) {
          ctx.addIssue({
            code: 'custom',
            path: ['reference'],
            input: body.reference,
            message: TAX_VERIFICATION_MESSAGES.referenceRequired,
          });
        }
      }),
    ),
);
export type TaxVerificationBody = z.infer<typeof taxVerificationBodySchema>;

/** A check by hand as the creator's page in the console shows it. */
export const taxVerificationSchema = schema(() =>
  z.object({
    outcome: z.enum(TAX_VERIFICATION_OUTCOMES),
    /** What Support checked, or why the number is not valid. */
    note: z.string(),
    reference: z.nullable(z.string()),
    checkedOn: z.string(),
    /** Who decided: the staff member's name or email, null once their account is gone. */
    decidedBy: z.nullable(z.string()),
    decidedAt: z.string(),
  }),
);
export type TaxVerification = z.infer<typeof taxVerificationSchema>;

/** How this install checks each type of number (the creator's info carries it, for the form's copy). */
export const taxNumberChecksSchema = schema(() =>
  z.object({ VAT: z.enum(TAX_NUMBER_CHECKS), ABN: z.enum(TAX_NUMBER_CHECKS) }),
);
export type TaxNumberChecks = z.infer<typeof taxNumberChecksSchema>;

/**
 * The latest day a check by hand may carry when it is `now`: today somewhere on Earth (UTC+14), so that a
 * Support member east of Greenwich is not refused their own today.
 */
export function latestTaxCheckDay(now: Date): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}
