import type { OnboardingStatus, TaxValidationStatus } from '@platform/shared';

export const ONBOARDING_LABELS: Readonly<Record<OnboardingStatus, string>> = {
  DATA_CAPTURE: 'Profile',
  AGENCY_CAPTURE: 'Agency',
  KYC_CAPTURE: 'Identity documents',
  KYC_CHECK: 'Identity check',
  ARTIST_SELECTION: 'Artists',
  ACTIVE: 'Active',
  WALLET_CREATION_FAILED: 'Wallet failed',
  INACTIVE: 'Deactivated',
  PING_ONBOARDING: 'Reminded',
};

export { KYC_STATUS_LABELS as KYC_LABELS } from '../../../lib/kyc-labels';

export const TAX_LABELS: Readonly<Record<TaxValidationStatus, string>> = {
  valid: 'Valid',
  invalid: 'Invalid',
  cancelled: 'Cancelled',
  'not verified': 'Not verified',
};

/** The steps a creator can be stuck in, for whom a reminder makes sense (DESIGN §7). */
export const REMINDABLE: readonly OnboardingStatus[] = [
  'DATA_CAPTURE',
  'AGENCY_CAPTURE',
  'KYC_CAPTURE',
  'KYC_CHECK',
  'ARTIST_SELECTION',
];

export const nameOf = (creator: { firstName: string | null; lastName: string | null; email: string }) =>
  [creator.firstName, creator.lastName].filter(Boolean).join(' ') || creator.email;

/** Who checked a tax registration last, as its `checkSource` names them. */
export const TAX_CHECK_SOURCE_LABELS: Readonly<Record<string, string>> = {
  hmrc: 'HMRC',
  abr: 'Australian Business Register',
  offline: 'format only, no register asked',
  support: 'by hand, by Support',
};
