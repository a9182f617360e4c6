import { randomBytes, randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  HANDLE_VERIFICATION_MESSAGES as MESSAGES,
  type CreatorPlatform,
  type HandleVerificationMethod,
} from '@platform/shared';
import { isSocialAccountPlatform } from '../../adapters/social-accounts/social-accounts';
import { AppError, errors } from '../../errors';
import type { RequestUser } from '../../principal';
import type { HandleVerificationContext } from './handle-verification.context';
import type { AttemptRow } from './handle-verification.repository';

/** How long a bio code is accepted: long enough to edit a bio and for the platform to show it. */
export const BIO_CODE_DAYS = 7;
/** How long an OAuth round trip may take, from the platform's consent screen back to us. */
export const OAUTH_ROUND_TRIP_MINUTES = 15;
/** How long the creator has to upload the recording they asked for a URL for. */
export const EVIDENCE_UPLOAD_SECONDS = 60 * 60;
/** Bio checks per creator and platform: each asks the platform, and codes must not be guessed at. */
export const BIO_CHECKS = { limit: 10, windowSeconds: 60 * 60 };

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A code to place in a bio: `CP-` and eight characters of 31, about 40 bits, refused after ten checks an hour. */
export function newBioCode(): string {
  const bytes = randomBytes(8);
  const characters = [...bytes].map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `CP-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

/** Whether `bio` holds `code`, however the platform or the creator spaced or cased it. */
export function bioHolds(bio: string, code: string): boolean {
  const squeeze = (text: string) => text.toUpperCase().replace(/[\s\-‐-―]/g, '');
  return squeeze(bio).includes(squeeze(code));
}

export function newAttempt(
  creatorId: string,
  platform: CreatorPlatform,
  handle: string,
  method: HandleVerificationMethod,
  now: Date,
  fields: Partial<AttemptRow> = {},
): AttemptRow {
  return {
    id: randomUUID(),
    creatorId,
    platform,
    handle,
    method,
    status: 'PENDING',
    code: null,
    evidenceKey: null,
    evidenceContentType: null,
    reason: null,
    decidedBy: null,
    decidedAt: null,
    expiresAt: null,
    createdAt: now,
    ...fields,
  };
}

export const evidenceKey = (attempt: Pick<AttemptRow, 'creatorId' | 'id'>) =>
  `handle-evidence/${attempt.creatorId}/${attempt.id}`;

/** The creator's own id, once their account is theirs (any onboarding step: handles come with the profile). */
export async function ownCreatorId(context: HandleVerificationContext, user: RequestUser): Promise<string> {
  return (await context.creatorService.own(user)).accountId;
}

/** A 409 in the words the creator reads. */
export const refused = (message: string) => errors.conflict(message);

/** A 422 naming what is wrong with the request as it stands (no code asked for, nothing uploaded). */
export const notReady = (message: string) => new AppError(422, ERROR_CODES.validationFailed, message);

export function platformUnavailable(platform: CreatorPlatform) {
  return new AppError(503, ERROR_CODES.serviceUnavailable, MESSAGES.platformUnavailable(platform));
}

/** What this install can do to verify a handle on `platform`. */
export function waysFor(context: HandleVerificationContext, platform: CreatorPlatform) {
  const connectable =
    isSocialAccountPlatform(platform) && context.socialAccounts.oauth[platform] !== undefined;
  return {
    oauth: connectable,
    bioCode: isSocialAccountPlatform(platform) && context.readableBios.has(platform),
    evidence: true,
  };
}
