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

/** KYC status (SPEC §4). */
export const KYC_STATUSES = [
  'Created',
  'Success',
  'Failure',
  'Pending',
  'Review',
  'ManualReview',
  'Submitted',
  'Abandoned',
  'ReVerify',
  'None',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Gender options (SPEC §3). */
export const GENDERS = ['Male', 'Female', 'NonBinary', 'Transgender', 'Other', 'PreferNotToSay'] as const;
export type Gender = (typeof GENDERS)[number];

/** Native tracking permission groups and modes (SPEC §3). */
export const TRACKING_PERMISSION_GROUPS = ['ESSENTIAL_TECHNOLOGIES', 'MARKETING_TECHNOLOGIES'] as const;
export type TrackingPermissionGroup = (typeof TRACKING_PERMISSION_GROUPS)[number];

export const TRACKING_PERMISSION_MODES = ['ALLOW', 'CUSTOM'] as const;
export type TrackingPermissionMode = (typeof TRACKING_PERMISSION_MODES)[number];
