import { describe, expect, it } from 'vitest';
import { ONBOARDING_STATUSES } from '../vocabulary/creator';
import {
  hasReachedStep,
  nextOnboardingStatus,
  ONBOARDING_EVENTS,
  ONBOARDING_STEPS,
  ONBOARDING_TRANSITIONS,
  type OnboardingEvent,
} from './onboarding';

describe('the onboarding state machine (DESIGN §7)', () => {
  it('takes a creator from DATA_CAPTURE to ACTIVE one step at a time', () => {
    const journey: [OnboardingEvent, string][] = [
      ['profileCompleted', 'AGENCY_CAPTURE'],
      ['agencyDecided', 'KYC_CAPTURE'],
      ['kycSubmitted', 'KYC_CHECK'],
      ['kycPassed', 'ARTIST_SELECTION'],
      ['walletCreated', 'ACTIVE'],
    ];
    let status = nextOnboardingStatus('DATA_CAPTURE', 'profileCompleted');
    expect(status).toBe('AGENCY_CAPTURE');
    for (const [event, expected] of journey.slice(1)) {
      status = status && nextOnboardingStatus(status, event);
      expect(status, event).toBe(expected);
    }
  });

  it('sends a failed wallet to WALLET_CREATION_FAILED, from which a created wallet makes the creator ACTIVE', () => {
    expect(nextOnboardingStatus('ARTIST_SELECTION', 'walletCreationFailed')).toBe('WALLET_CREATION_FAILED');
    expect(nextOnboardingStatus('WALLET_CREATION_FAILED', 'walletCreated')).toBe('ACTIVE');
  });

  it('sends a creator asked to try the identity check again back to KYC_CAPTURE', () => {
    expect(nextOnboardingStatus('KYC_CHECK', 'kycRetryRequested')).toBe('KYC_CAPTURE');
  });

  it('lets every creator but an INACTIVE one deactivate, and an INACTIVE one do nothing', () => {
    for (const status of ONBOARDING_STATUSES.filter((candidate) => candidate !== 'INACTIVE')) {
      expect(nextOnboardingStatus(status, 'deactivated'), status).toBe('INACTIVE');
    }
    for (const event of ONBOARDING_EVENTS) expect(nextOnboardingStatus('INACTIVE', event)).toBeNull();
  });

  it('allows no step to be skipped or taken twice', () => {
    const allowed = new Set(
      Object.entries(ONBOARDING_TRANSITIONS).flatMap(([status, events]) =>
        Object.keys(events).map((event) => `${status} ${event}`),
      ),
    );
    expect(allowed.has('DATA_CAPTURE agencyDecided')).toBe(false);
    expect(allowed.has('AGENCY_CAPTURE profileCompleted')).toBe(false);
    expect(allowed.has('KYC_CAPTURE kycPassed')).toBe(false);
    expect(allowed.has('ACTIVE walletCreated')).toBe(false);
    expect(nextOnboardingStatus('AGENCY_CAPTURE', 'agencyDecided')).toBe('KYC_CAPTURE');
    expect(nextOnboardingStatus('KYC_CAPTURE', 'agencyDecided')).toBeNull();
  });

  it('counts a creator as having reached a step at it, past it, ACTIVE or waiting for a wallet', () => {
    expect(hasReachedStep('KYC_CHECK', 'AGENCY_CAPTURE')).toBe(true);
    expect(hasReachedStep('KYC_CHECK', 'KYC_CHECK')).toBe(true);
    expect(hasReachedStep('KYC_CHECK', 'ARTIST_SELECTION')).toBe(false);
    for (const step of ONBOARDING_STEPS) {
      expect(hasReachedStep('ACTIVE', step)).toBe(true);
      expect(hasReachedStep('WALLET_CREATION_FAILED', step)).toBe(true);
      expect(hasReachedStep('INACTIVE', step)).toBe(false);
    }
  });
});
