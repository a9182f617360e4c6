// zod/mini rather than zod: the sign-in and sign-up pages load this rule, and the full zod would push
// them past the first-page budget (DESIGN §3).
import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_UNIQUE_CHARACTERS } from './constants';
import { PASSWORD_MESSAGES, REQUIRED_MESSAGE } from './messages';

/** The complexity part of the password rule (length is checked separately, with its own messages). */
export function isStrongPassword(value: string): boolean {
  const uniqueCharacters = new Set(value).size;
  return (
    uniqueCharacters >= PASSWORD_MIN_UNIQUE_CHARACTERS &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\p{Nd}/u.test(value) &&
    /[^\p{L}\p{Nd}\s]/u.test(value)
  );
}

export const passwordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .check(
    z.minLength(1, { error: REQUIRED_MESSAGE }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
    z.refine(isStrongPassword, { error: PASSWORD_MESSAGES.tooWeak, abort: true }),
  );
