import { z } from 'zod';
import { URL_MAX_LENGTH } from './constants';
import { hasUnpairedSurrogates } from './control-characters';
import {
  CONFIRM_MISMATCH_MESSAGE,
  NAME_MESSAGE,
  REQUIRED_MESSAGE,
  TEXT_MESSAGE,
  UNPAIRED_SURROGATES_MESSAGE,
  URL_MESSAGE,
  maxLengthMessage,
} from './messages';
import { schema } from '../contracts/build-schema';

/** A problem with one field of an object, as a rule reports it and the API lists it. */
export interface RuleIssue {
  field: string;
  message: string;
}

/** Adapts a rule that returns issues to zod's `superRefine`, so each message lands on its field. */
export function reportIssues<T>(rule: (value: T) => RuleIssue[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const issue of rule(value)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
    }
  };
}

/** A trimmed string that must not be empty, nor hold half of a surrogate pair. */
export function requiredString(message: string = REQUIRED_MESSAGE) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE });
}

/**
 * Scheme optional (people paste 'example.com/page'), and if present http or https; a dotted host name
 * ending in a letters-only top-level domain; no spaces anywhere.
 */
const URL_SHAPE =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export function isValidUrl(value: string): boolean {
  return value.length <= URL_MAX_LENGTH && URL_SHAPE.test(value);
}

export const urlSchema = schema(() =>
  requiredString()
    .max(URL_MAX_LENGTH, { error: maxLengthMessage(URL_MAX_LENGTH), abort: true })
    .refine((value) => URL_SHAPE.test(value), { error: URL_MESSAGE }),
);

export const optionalUrlSchema = schema(() =>
  z
    .string()
    .trim()
    .max(URL_MAX_LENGTH, { error: maxLengthMessage(URL_MAX_LENGTH), abort: true })
    .refine((value) => value === '' || URL_SHAPE.test(value), { error: URL_MESSAGE })
    .optional(),
);

// SPEC §5 allows letters, accented letters and spaces; people's names also join their parts with an
// apostrophe or a hyphen (O'Neill, D’Angelo, Smith-Jones), so one of those may stand between two letters
// (ADR 028). Digits and every other symbol stay refused.
const NAME_SHAPE = /^[\p{L}\p{M}]+(?:(?: +|['’-])[\p{L}\p{M}]+)*$/u;
const PLAIN_TEXT_SHAPE = /^[\p{L}\p{M}\p{Nd} ]*$/u;

/** Letters of any script, with their accents, and spaces, or an apostrophe or hyphen between letters. */
export function isValidName(value: string): boolean {
  return NAME_SHAPE.test(value);
}

/** Letters of any script, with their accents, digits and spaces. */
export function isPlainText(value: string): boolean {
  return PLAIN_TEXT_SHAPE.test(value);
}

export const nameSchema = schema(() => requiredString().refine(isValidName, { error: NAME_MESSAGE }));

export const textSchema = schema(() => requiredString().refine(isPlainText, { error: TEXT_MESSAGE }));

export const optionalTextSchema = schema(() =>
  z.string().trim().refine(isPlainText, { error: TEXT_MESSAGE }).optional(),
);

/** A list that needs at least one item; the message is the field's own (SPEC §5). */
export function nonEmptyArray<Item extends z.ZodType>(item: Item, message: string) {
  return z.array(item, { error: message }).min(1, { error: message });
}

/**
 * The confirming field must equal the reference field; the message goes on the confirming field. It is
 * checked even while other fields of the form still have problems, as long as both values are there.
 */
export function withConfirmation<Schema extends z.ZodObject>(
  schema: Schema,
  field: keyof z.output<Schema> & string,
  confirmField: keyof z.output<Schema> & string,
  message: string = CONFIRM_MISMATCH_MESSAGE,
) {
  const bothPresent = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>)[field] !== undefined &&
    (value as Record<string, unknown>)[confirmField] !== undefined;
  return schema.refine(
    (value) => (value as Record<string, unknown>)[field] === (value as Record<string, unknown>)[confirmField],
    { error: message, path: [confirmField], when: (payload) => bothPresent(payload.value) },
  );
}
