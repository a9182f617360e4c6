import { describe, expect, it } from 'vitest';
import { ENTRY_REVIEW_EVENTS, nextEntryStatus } from './entry';

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
  });

  it('moves an archived entry no more, nor reviews an entry twice', () => {
    for (const event of ENTRY_REVIEW_EVENTS) expect(nextEntryStatus('ARCHIVED', event), event).toBeNull();
    expect(nextEntryStatus('APPROVED', 'approve')).toBeNull();
    expect(nextEntryStatus('REJECTED', 'reject')).toBeNull();
  });
});
