import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TYPES, RSVP_STATUSES } from '../vocabulary/campaign';
import { NO_RSVP, nextRsvpStatus, RSVP_EVENT_ACTORS, RSVP_EVENTS, type RsvpState } from './rsvp';

describe('the RSVP state machine (DESIGN §7)', () => {
  it('lets an eligible creator join a CHALLENGE straight to ACCEPT, and nothing else start one', () => {
    expect(nextRsvpStatus('CHALLENGE', NO_RSVP, 'join')).toBe('ACCEPT');
    for (const event of RSVP_EVENTS.filter((name) => name !== 'join')) {
      expect(nextRsvpStatus('CHALLENGE', NO_RSVP, event), event).toBeNull();
    }
  });

  it('takes a BESPOKE invitation to an answer: accepted, or declined and asked again', () => {
    expect(nextRsvpStatus('BESPOKE', NO_RSVP, 'join')).toBeNull();
    expect(nextRsvpStatus('BESPOKE', NO_RSVP, 'invite')).toBe('INVITED');
    expect(nextRsvpStatus('BESPOKE', 'INVITED', 'accept')).toBe('ACCEPT');
    expect(nextRsvpStatus('BESPOKE', 'INVITED', 'decline')).toBe('DECLINE');
    expect(nextRsvpStatus('BESPOKE', 'DECLINE', 'reinvite')).toBe('REINVITED');
    expect(nextRsvpStatus('BESPOKE', 'REINVITED', 'accept')).toBe('ACCEPT');
    expect(nextRsvpStatus('BESPOKE', 'REINVITED', 'decline')).toBe('DECLINE');
    expect(nextRsvpStatus('BESPOKE', 'DECLINE', 'accept')).toBeNull();
  });

  it('withdraws only open invitations, and lets an uninvited creator be invited again', () => {
    expect(nextRsvpStatus('BESPOKE', 'INVITED', 'uninvite')).toBe('UNINVITED');
    expect(nextRsvpStatus('BESPOKE', 'REINVITED', 'uninvite')).toBe('UNINVITED');
    expect(nextRsvpStatus('BESPOKE', 'ACCEPT', 'uninvite')).toBeNull();
    expect(nextRsvpStatus('BESPOKE', 'DECLINE', 'uninvite')).toBeNull();
    expect(nextRsvpStatus('BESPOKE', 'UNINVITED', 'accept')).toBeNull();
    expect(nextRsvpStatus('BESPOKE', 'UNINVITED', 'invite')).toBe('INVITED');
  });

  it('unselects only creators who accepted, for good', () => {
    for (const type of CAMPAIGN_TYPES) {
      expect(nextRsvpStatus(type, 'ACCEPT', 'unselect'), type).toBe('UNSELECTED');
      for (const event of RSVP_EVENTS) expect(nextRsvpStatus(type, 'UNSELECTED', event), event).toBeNull();
    }
  });

  it('never invites into a CHALLENGE nor joins a BESPOKE campaign from any state', () => {
    const states: RsvpState[] = [NO_RSVP, ...RSVP_STATUSES];
    for (const state of states) {
      expect(nextRsvpStatus('CHALLENGE', state, 'invite'), state).toBeNull();
      expect(nextRsvpStatus('CHALLENGE', state, 'reinvite'), state).toBeNull();
      expect(nextRsvpStatus('BESPOKE', state, 'join'), state).toBeNull();
    }
  });

  it('leaves answering to the creator and the rest to staff', () => {
    const byCreator = RSVP_EVENTS.filter((event) => RSVP_EVENT_ACTORS[event] === 'creator');
    expect(byCreator).toEqual(['join', 'accept', 'decline']);
  });
});
