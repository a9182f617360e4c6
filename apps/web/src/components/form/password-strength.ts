import { checkPasswordRules, PASSWORD_MIN_LENGTH } from '@platform/shared';

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/** From this many telling characters, a password that meets every rule is strong. */
const STRONG_FROM_CHARACTERS = 12;

/**
 * A hint while a new password is typed, not a rule: the server alone decides, and it also refuses
 * common passwords, which a page under its JavaScript budget cannot carry. A password that misses a rule
 * is weak; one that meets them is fair, and strong once long. A character that repeats the one before it
 * or continues a run ('aa', 'abc', '321') adds little for a guesser, so it is not counted.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!Object.values(checkPasswordRules(password)).every(Boolean)) return 'weak';
  const codes = Array.from(password, (character) => character.codePointAt(0) ?? 0);
  const telling = codes.filter((code, index) => index === 0 || Math.abs(code - codes[index - 1]!) > 1).length;
  if (telling < PASSWORD_MIN_LENGTH) return 'weak';
  return telling >= STRONG_FROM_CHARACTERS ? 'strong' : 'fair';
}
