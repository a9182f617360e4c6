import { z } from 'zod';
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
  .min(1, { error: REQUIRED_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong })
  .refine(isStrongPassword, { error: PASSWORD_MESSAGES.tooWeak, abort: true });
