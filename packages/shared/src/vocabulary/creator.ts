/** Creator onboarding status (SPEC §4). */
export const ONBOARDING_STATUSES = [
  'ACTIVE',
  'INACTIVE',
  'DATA_CAPTURE',
  'AGENCY_CAPTURE',
  'KYC_CAPTURE',
  'WALLET_CREATION_FAILED',
  'KYC_CHECK',
  'ARTIST_SELECTION',
  'PING_ONBOARDING',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
