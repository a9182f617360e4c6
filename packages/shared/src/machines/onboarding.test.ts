import { describe, expect, it } from 'vitest';
import { ONBOARDING_STATUSES, type OnboardingStatus } from '../vocabulary/creator';
import {
  hasReachedStep,
  nextOnboardingStatus,
  ONBOARDING_EVENTS,
  ONBOARDING_STEPS,
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

  it('allows exactly the moves of DESIGN §7 for every status and event, and refuses every other pair', () => {
    // Written from DESIGN §7 and ADR 014, not read from the machine: each step in order, a failed identity
    // check sent back by Support, a wallet that failed and is retried, and deactivation from anywhere.
    const steps: [OnboardingStatus, OnboardingEvent, OnboardingStatus][] = [
      ['DATA_CAPTURE', 'profileCompleted', 'AGENCY_CAPTURE'],
      ['AGENCY_CAPTURE', 'agencyDecided', 'KYC_CAPTURE'],
      ['KYC_CAPTURE', 'kycSubmitted', 'KYC_CHECK'],
      ['KYC_CHECK', 'kycPassed', 'ARTIST_SELECTION'],
      ['KYC_CHECK', 'kycRetryRequested', 'KYC_CAPTURE'],
      ['ARTIST_SELECTION', 'walletCreated', 'ACTIVE'],
      ['ARTIST_SELECTION', 'walletCreationFailed', 'WALLET_CREATION_FAILED'],
      ['WALLET_CREATION_FAILED', 'walletCreated', 'ACTIVE'],
    ];
    const deactivations: [OnboardingStatus, OnboardingEvent, OnboardingStatus][] = [
      ['DATA_CAPTURE', 'deactivated', 'INACTIVE'],
      ['AGENCY_CAPTURE', 'deactivated', 'INACTIVE'],
      ['KYC_CAPTURE', 'deactivated', 'INACTIVE'],
      ['KYC_CHECK', 'deactivated', 'INACTIVE'],
      ['ARTIST_SELECTION', 'deactivated', 'INACTIVE'],
      ['WALLET_CREATION_FAILED', 'deactivated', 'INACTIVE'],
      ['ACTIVE', 'deactivated', 'INACTIVE'],
      ['PING_ONBOARDING', 'deactivated', 'INACTIVE'],
    ];
    const expected = new Map(
      [...steps, ...deactivations].map(([from, event, to]) => [`${from} -${event}->`, to]),
    );

    const outcomes = ONBOARDING_STATUSES.flatMap((from) =>
      ONBOARDING_EVENTS.map((event) => {
        const move = `${from} -${event}->`;
        return { move, expected: expected.get(move) ?? null, actual: nextOnboardingStatus(from, event) };
      }),
    );
    expect(outcomes).toHaveLength(ONBOARDING_STATUSES.length * ONBOARDING_EVENTS.length);
    expect(
      outcomes.filter((outcome) => outcome.actual !== outcome.expected),
      'the pairs the machine answers otherwise than DESIGN §7',
    ).toEqual([]);
    expect(
      [...expected.keys()].filter((move) => !outcomes.some((outcome) => outcome.move === move)),
      'expected moves between statuses or on events the machine does not know',
    ).toEqual([]);
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
