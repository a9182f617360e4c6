/**
 * How a creator proved a social handle is theirs (ADR 036): by connecting the account through the
 * platform's OAuth, by a one-time code placed in the profile's bio and read back from the platform, or by
 * evidence (a screen recording of the logged-in profile) that Support accepted.
 */
export const HANDLE_VERIFICATION_METHODS = ['OAUTH', 'BIO_CODE', 'EVIDENCE'] as const;
export type HandleVerificationMethod = (typeof HANDLE_VERIFICATION_METHODS)[number];

/** Where an attempt at proving a handle stands. */
export const HANDLE_VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REFUSED', 'EXPIRED'] as const;
export type HandleVerificationStatus = (typeof HANDLE_VERIFICATION_STATUSES)[number];

/** The words a creator and staff read for each way of proving a handle. */
export const HANDLE_VERIFICATION_METHOD_LABELS: Record<HandleVerificationMethod, string> = {
  OAUTH: 'Connected account',
  BIO_CODE: 'Code in bio',
  EVIDENCE: 'Evidence checked by Support',
};

/** How an uploaded video compares with every other entry and the campaign's own footage. */
export const ORIGINALITY_STATUSES = ['PENDING', 'UNIQUE', 'MATCHED', 'UNAVAILABLE'] as const;
export type OriginalityStatus = (typeof ORIGINALITY_STATUSES)[number];
