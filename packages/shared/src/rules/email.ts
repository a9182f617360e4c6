import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants';
import { EMAIL_MESSAGES, REQUIRED_MESSAGE } from './messages';

// Deliberately simple (SPEC §5 "simple email shape"): one @, no spaces, a dot in the domain.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(value);
}

/** Lower-cases and trims so that one mailbox maps to one account. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailSchema(message: string = EMAIL_MESSAGES.invalid) {
  return z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .refine(isValidEmail, { error: message });
}
