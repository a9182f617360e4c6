import type { OnboardingStatus } from '../vocabulary/creator';

/** The steps a creator goes through, in order, before they can take part in campaigns (DESIGN §7). */
export const ONBOARDING_STEPS = [
  'DATA_CAPTURE',
  'AGENCY_CAPTURE',
  'KYC_CAPTURE',
  'KYC_CHECK',
  'ARTIST_SELECTION',
] as const satisfies readonly OnboardingStatus[];
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What moves a creator from one onboarding status to the next. */
export const ONBOARDING_EVENTS = [
  'profileCompleted',
  'agencyDecided',
  'kycSubmitted',
  'kycPassed',
  'kycRetryRequested',
  'walletCreated',
  'walletCreationFailed',
  'deactivated',
] as const;
export type OnboardingEvent = (typeof ONBOARDING_EVENTS)[number];

/**
 * The onboarding state machine, one row per status: the events it accepts and where each leads. Anything
 * missing is not allowed (the server answers 409). A failed identity check leaves the creator at KYC_CHECK
 * with the reason to read, until Support asks them to try again (kycRetryRequested).
 *
 * PING_ONBOARDING is in the spec's vocabulary but is never a status a creator is in here: a reminder to
 * finish is an event recorded beside the step (ADR 014), since a status would lose which step that is.
 */
export const ONBOARDING_TRANSITIONS: Readonly<
  Record<OnboardingStatus, Partial<Readonly<Record<OnboardingEvent, OnboardingStatus>>>>
> = {
  DATA_CAPTURE: { profileCompleted: 'AGENCY_CAPTURE', deactivated: 'INACTIVE' },
  AGENCY_CAPTURE: { agencyDecided: 'KYC_CAPTURE', deactivated: 'INACTIVE' },
  KYC_CAPTURE: { kycSubmitted: 'KYC_CHECK', deactivated: 'INACTIVE' },
  KYC_CHECK: { kycPassed: 'ARTIST_SELECTION', kycRetryRequested: 'KYC_CAPTURE', deactivated: 'INACTIVE' },
  ARTIST_SELECTION: {
    walletCreated: 'ACTIVE',
    walletCreationFailed: 'WALLET_CREATION_FAILED',
    deactivated: 'INACTIVE',
  },
  WALLET_CREATION_FAILED: { walletCreated: 'ACTIVE', deactivated: 'INACTIVE' },
  ACTIVE: { deactivated: 'INACTIVE' },
  PING_ONBOARDING: { deactivated: 'INACTIVE' },
  INACTIVE: {},
};

/** Where `event` takes a creator at `status`, or null when the machine does not allow it. */
export function nextOnboardingStatus(
  status: OnboardingStatus,
  event: OnboardingEvent,
): OnboardingStatus | null {
  return ONBOARDING_TRANSITIONS[status][event] ?? null;
}

/** Whether the creator has reached `step` or gone past it (ACTIVE and a failed wallet are past them all). */
export function hasReachedStep(status: OnboardingStatus, step: OnboardingStep): boolean {
  if (status === 'ACTIVE' || status === 'WALLET_CREATION_FAILED') return true;
  const current = ONBOARDING_STEPS.indexOf(status as OnboardingStep);
  return current >= ONBOARDING_STEPS.indexOf(step);
}
