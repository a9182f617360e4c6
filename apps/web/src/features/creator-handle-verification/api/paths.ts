import type { CreatorPlatform } from '@platform/shared';

/** The creator's own handles and the ways to prove them: `/server-api/creator/handle-verifications`. */
export const handleVerificationsPath = (rest = '') => `/server-api/creator/handle-verifications${rest}`;

/** One platform's handle: `…/handle-verifications/{platform}` and what hangs off it. */
export const platformHandlePath = (platform: CreatorPlatform, rest = '') =>
  handleVerificationsPath(`/${encodeURIComponent(platform)}${rest}`);

export const handleVerificationsQueryKey = ['creator-handle-verifications'] as const;

/** Where the platform sends the creator back after connecting an account (ADR 036). */
export const connectedAccountPath = '/account/connected';

/** The page where a creator proves their handles. */
export const verifiedAccountsPath = '/account/handles';
