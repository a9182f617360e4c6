/** An entry's status (DESIGN §7; CHANGES_REQUESTED from ADR 037). */
export const ENTRY_STATUSES = ['SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** What moves an entry: staff review it; the creator revises a rejected one, or one with changes asked. */
export const ENTRY_REVIEW_EVENTS = ['approve', 'reject', 'request-changes', 'revise', 'archive'] as const;
export type EntryReviewEvent = (typeof ENTRY_REVIEW_EVENTS)[number];

/**
 * The entry state machine (DESIGN §7): SUBMITTED -> APPROVED | REJECTED (with a reason) | CHANGES_REQUESTED
 * (with the reviewer's note, where the campaign allows it: ADR 037); a REJECTED entry or one with changes
 * asked, revised by its creator, is SUBMITTED again; an APPROVED one may be ARCHIVED. Anything missing is
 * not allowed (the server answers 409).
 */
export const ENTRY_TRANSITIONS: Readonly<
  Record<EntryStatus, Partial<Readonly<Record<EntryReviewEvent, EntryStatus>>>>
> = {
  SUBMITTED: { approve: 'APPROVED', reject: 'REJECTED', 'request-changes': 'CHANGES_REQUESTED' },
  CHANGES_REQUESTED: { revise: 'SUBMITTED' },
  REJECTED: { revise: 'SUBMITTED' },
  APPROVED: { archive: 'ARCHIVED' },
  ARCHIVED: {},
};

export function nextEntryStatus(status: EntryStatus, event: EntryReviewEvent): EntryStatus | null {
  return ENTRY_TRANSITIONS[status][event] ?? null;
}

/** Statuses the creator may revise their entry from, back to SUBMITTED. */
export const isRevisableEntryStatus = (status: EntryStatus): boolean =>
  nextEntryStatus(status, 'revise') !== null;
