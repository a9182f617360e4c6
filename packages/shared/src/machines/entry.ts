/** An entry's status (DESIGN §7). */
export const ENTRY_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** What moves an entry: staff review it; the creator revises a rejected one. */
export const ENTRY_REVIEW_EVENTS = ['approve', 'reject', 'revise', 'archive'] as const;
export type EntryReviewEvent = (typeof ENTRY_REVIEW_EVENTS)[number];

/**
 * The entry state machine (DESIGN §7): SUBMITTED -> APPROVED | REJECTED (with a reason); a REJECTED
 * entry revised by its creator is SUBMITTED again; an APPROVED one may be ARCHIVED. Anything missing is
 * not allowed (the server answers 409).
 */
export const ENTRY_TRANSITIONS: Readonly<
  Record<EntryStatus, Partial<Readonly<Record<EntryReviewEvent, EntryStatus>>>>
> = {
  SUBMITTED: { approve: 'APPROVED', reject: 'REJECTED' },
  REJECTED: { revise: 'SUBMITTED' },
  APPROVED: { archive: 'ARCHIVED' },
  ARCHIVED: {},
};

export function nextEntryStatus(status: EntryStatus, event: EntryReviewEvent): EntryStatus | null {
  return ENTRY_TRANSITIONS[status][event] ?? null;
}
