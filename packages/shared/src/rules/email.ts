// zod/mini rather than zod: the sign-in and sign-up pages load this rule, and the full zod would push
// them past the first-page budget (DESIGN §3).
import { z } from 'zod/mini';
import { EMAIL_MAX_LENGTH } from './constants';
import { hasControlCharacters } from './control-characters';
import { EMAIL_MESSAGES, REQUIRED_MESSAGE } from './messages';

// Deliberately simple (SPEC §5 "simple email shape"): one @, no spaces, a dot in the domain, and dots only
// between characters on either side of the @, because mail servers refuse 'a..b@', '.a@' and 'a.@' (RFC 5321
// allows them only quoted, which no one signing up types).
const EMAIL_SHAPE = /^[^\s@.]+(?:\.[^\s@.]+)*@[^\s@.]+(?:\.[^\s@.]+)+$/;
// RFC 5321's limit on the part before the @; longer addresses cannot be delivered to.
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export function isValidEmail(value: string): boolean {
  return (
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_SHAPE.test(value) &&
    value.indexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH &&
    !hasControlCharacters(value)
  );
}

/**
 * One mailbox, one account: compatibility-normalised (NFKC, so full-width 'Ａｄｍｉｎ' is 'Admin'), trimmed
 * and lower-cased, before an email is compared or stored.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

export function emailSchema(message: string = EMAIL_MESSAGES.invalid) {
  return z
    .string({ error: REQUIRED_MESSAGE })
    .check(
      z.normalize('NFKC'),
      z.trim(),
      z.minLength(1, { error: REQUIRED_MESSAGE, abort: true }),
      z.refine(isValidEmail, { error: message, abort: true }),
    );
}

/** The part after the @, lower-cased. */
export function emailDomain(email: string): string {
  const normalized = normalizeEmail(email);
  return normalized.slice(normalized.lastIndexOf('@') + 1);
}

/** True when the address is on one of the domains or on a subdomain of one ('uk.example.com'). */
export function isEmailOnDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domains.some((candidate) => {
    const listed = candidate.trim().toLowerCase().replace(/^@/, '');
    return listed !== '' && (domain === listed || domain.endsWith(`.${listed}`));
  });
}

/** An email that must not be on any of the restricted (e.g. company) domains. */
export function restrictedDomainEmailSchema(
  restrictedDomains: readonly string[],
  message: string = EMAIL_MESSAGES.restrictedDomain,
) {
  return emailSchema().check(
    z.refine((email) => !isEmailOnDomains(email, restrictedDomains), { error: message }),
  );
}

/** An email that must be on one of the given (e.g. company) domains or their subdomains. */
export function companyDomainEmailSchema(
  companyDomains: readonly string[],
  message: string = EMAIL_MESSAGES.companyDomainRequired,
) {
  return emailSchema().check(
    z.refine((email) => isEmailOnDomains(email, companyDomains), { error: message }),
  );
}
