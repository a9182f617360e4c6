import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_CODES, type AuthCode } from '@platform/shared';

/** The one place passwords meet the hasher (argon2id, OWASP parameters: the library's defaults). */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
};

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password),
  verify: (passwordHash, password) => verify(passwordHash, password),
};

const commonPasswords = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0),
);

export const COMMON_PASSWORD_COUNT = commonPasswords.size;

/**
 * A password is common when it, or its stem once the digits and symbols people append to meet
 * complexity rules are removed ("Football2024!" → "football"), is on the list.
 */
export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return true;
  const stem = lowered.replace(/[^\p{L}]+$/u, '').replace(/^[^\p{L}]+/u, '');
  return stem.length >= 4 && commonPasswords.has(stem);
}

/** The email's local part, when long enough to be meaningful, must not appear in the password. */
export function containsEmail(password: string, email: string): boolean {
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  return localPart.length >= 3 && password.toLowerCase().includes(localPart);
}

/** Checks that need no stored hashes: applied to every new password (sign-up, reset, setup). */
export function newPasswordProblem(password: string, email: string): AuthCode | null {
  if (containsEmail(password, email)) return AUTH_CODES.passwordContainsEmail;
  if (isCommonPassword(password)) return AUTH_CODES.passwordCommon;
  return null;
}
