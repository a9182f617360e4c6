import { describe, expect, it } from 'vitest';
import { ENTRY_REVIEW_EVENTS, isRevisableEntryStatus, nextEntryStatus } from './entry';

describe('the entry state machine (DESIGN §7)', () => {
  it('approves or rejects a submitted entry, and archives only an approved one', () => {
    expect(nextEntryStatus('SUBMITTED', 'approve')).toBe('APPROVED');
    expect(nextEntryStatus('SUBMITTED', 'reject')).toBe('REJECTED');
    expect(nextEntryStatus('SUBMITTED', 'archive')).toBeNull();
    expect(nextEntryStatus('APPROVED', 'archive')).toBe('ARCHIVED');
    expect(nextEntryStatus('REJECTED', 'archive')).toBeNull();
  });

  it('puts a revised rejected entry back in the queue, and lets nothing else be revised', () => {
    expect(nextEntryStatus('REJECTED', 'revise')).toBe('SUBMITTED');
    expect(nextEntryStatus('SUBMITTED', 'revise')).toBeNull();
    expect(nextEntryStatus('APPROVED', 'revise')).toBeNull();
    expect(isRevisableEntryStatus('REJECTED')).toBe(true);
    expect(isRevisableEntryStatus('APPROVED')).toBe(false);
  });

  it('asks for changes only to an entry waiting for review, which its creator revises back into the queue', () => {
    expect(nextEntryStatus('SUBMITTED', 'request-changes')).toBe('CHANGES_REQUESTED');
    expect(nextEntryStatus('CHANGES_REQUESTED', 'revise')).toBe('SUBMITTED');
    expect(isRevisableEntryStatus('CHANGES_REQUESTED')).toBe(true);
    for (const status of ['CHANGES_REQUESTED', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const) {
      expect(nextEntryStatus(status, 'request-changes'), status).toBeNull();
    }
    for (const event of ['approve', 'reject', 'archive'] as const) {
      expect(nextEntryStatus('CHANGES_REQUESTED', event), event).toBeNull();
    }
  });

  it('moves an archived entry no more, nor reviews an entry twice', () => {
    for (const event of ENTRY_REVIEW_EVENTS) expect(nextEntryStatus('ARCHIVED', event), event).toBeNull();
    expect(nextEntryStatus('APPROVED', 'approve')).toBeNull();
    expect(nextEntryStatus('REJECTED', 'reject')).toBeNull();
  });
});
