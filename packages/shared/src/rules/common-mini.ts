// The rules of common.ts that the console's forms use, in zod/mini: common.ts builds full-zod schemas when
// it loads, so a page that imported anything from it would download full zod (DESIGN §3, ADR 009).
// common-mini.test.ts holds each twin to its original, input by input.
import { z } from 'zod/mini';
import { URL_MAX_LENGTH } from './constants';
import { hasUnpairedSurrogates } from './control-characters';
import { REQUIRED_MESSAGE, UNPAIRED_SURROGATES_MESSAGE } from './messages';

/** A trimmed string that must not be empty, nor hold half of a surrogate pair: requiredString of common.ts. */
export function requiredString(message: string = REQUIRED_MESSAGE) {
  return z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, { error: message, abort: true }),
    z.refine((value) => !hasUnpairedSurrogates(value), { error: UNPAIRED_SURROGATES_MESSAGE }),
  );
}

// As common.ts has them.
const URL_SHAPE =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const PLAIN_TEXT_SHAPE = /^[\p{L}\p{M}\p{Nd} ]*$/u;

/** isValidUrl of common.ts. */
export function isValidUrl(value: string): boolean {
  return value.length <= URL_MAX_LENGTH && URL_SHAPE.test(value);
}

/** isPlainText of common.ts: letters of any script, with their accents, digits and spaces. */
export function isPlainText(value: string): boolean {
  return PLAIN_TEXT_SHAPE.test(value);
}
