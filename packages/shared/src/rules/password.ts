// zod/mini rather than zod: the sign-in and sign-up pages load this rule, and the full zod would push
// them past the first-page budget (DESIGN §3).
import { z } from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_UNIQUE_CHARACTERS } from './constants';
import { PASSWORD_MESSAGES, REQUIRED_MESSAGE } from './messages';

/** Each part of the password rule (SPEC §5) on its own, so a form can tick them off while the person types. */
export interface PasswordRuleChecks {
  length: boolean;
  uniqueCharacters: boolean;
  upperCase: boolean;
  lowerCase: boolean;
  number: boolean;
  specialCharacter: boolean;
}

export function checkPasswordRules(value: string): PasswordRuleChecks {
  return {
    length: value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH,
    uniqueCharacters: new Set(value).size >= PASSWORD_MIN_UNIQUE_CHARACTERS,
    upperCase: /\p{Lu}/u.test(value),
    lowerCase: /\p{Ll}/u.test(value),
    number: /\p{Nd}/u.test(value),
    specialCharacter: /[^\p{L}\p{Nd}\s]/u.test(value),
  };
}

/** The complexity part of the password rule (length is checked separately, with its own messages). */
export function isStrongPassword(value: string): boolean {
  const { length: _checkedWithItsOwnMessages, ...complexity } = checkPasswordRules(value);
  return Object.values(complexity).every(Boolean);
}

export const passwordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .check(
    z.minLength(1, { error: REQUIRED_MESSAGE }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong }),
    z.refine(isStrongPassword, { error: PASSWORD_MESSAGES.tooWeak, abort: true }),
  );
