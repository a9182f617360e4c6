// zod/mini rather than zod: the sign-in and sign-up pages load this rule, and the full zod would push
// them past the first-page budget (DESIGN §3).
import { z } from 'zod/mini';
import { EMAIL_MAX_LENGTH } from './constants';
import { hasControlCharacters } from './control-characters';
import { EMAIL_MESSAGES, REQUIRED_MESSAGE } from './messages';

// SPEC §5 asks for a simple email shape; within it, RFC 5321's limits, so that the platform never takes an
// address no mail can reach:
// - a local part of at most 64 characters (§4.5.3.1.1), a Dot-string of atext (§4.1.2, RFC 5322 §3.2.3):
//   dots only between characters, no quotes, spaces or "(),:;<>@[\] (RFC 5321 allows those only in a quoted
//   local part, which no one signing up types), and any non-ASCII character (RFC 6531 §3.3);
// - a domain of labels of letters, digits and hyphens, or U-labels (RFC 6531), none with a hyphen at either
//   end (§4.1.2), each of at most 63 characters (RFC 1035 §2.3.4), with at least one dot;
// - an ASCII top-level domain beginning with a letter (never all digits, RFC 3696 §2), so that a look-alike
//   letter of another script ('.сom' with a Cyrillic с) cannot pass for '.com': internationalised ones are
//   written in their xn-- form;
// - at most 254 characters in all, the 256 of a path (§4.5.3.1.3) less its angle brackets.
// The limits count characters, which are the RFC's octets in ASCII; a non-ASCII address can be a few octets
// longer than it looks, which is not worth the first pages' bytes (DESIGN §3) to measure.
const EMAIL_SHAPE =
  /^(?=[^@]{1,64}@)[\w!#$%&'*+/=?^`{|}~\u0080-\uffff-]+(?:\.[\w!#$%&'*+/=?^`{|}~\u0080-\uffff-]+)*@(?:(?!-)[a-z\d\u0080-\uffff-]{1,63}(?<!-)\.)+[a-z][a-z\d-]{0,61}[a-z\d]$/i;

export function isValidEmail(value: string): boolean {
  return (
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_SHAPE.test(value) &&
    !/\s/.test(value) &&
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
