/** A hold on an entry's earnings (ADR 037): open while HELD or APPEALED, then decided once. */
export const HOLD_STATUSES = ['HELD', 'APPEALED', 'ACCEPTED', 'EXCLUDED', 'REJECTED'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const OPEN_HOLD_STATUSES = ['HELD', 'APPEALED'] as const satisfies readonly HoldStatus[];

export const HOLD_EVENTS = ['appeal', 'accept', 'exclude', 'reject'] as const;
export type HoldEvent = (typeof HOLD_EVENTS)[number];

/**
 * The creator may appeal a hold once, before staff decide; staff accept the figures, exclude the views
 * of a window, or reject the entry. A decided hold is final: anything missing answers 409.
 */
export const HOLD_TRANSITIONS: Readonly<
  Record<HoldStatus, Partial<Readonly<Record<HoldEvent, HoldStatus>>>>
> = {
  HELD: { appeal: 'APPEALED', accept: 'ACCEPTED', exclude: 'EXCLUDED', reject: 'REJECTED' },
  APPEALED: { accept: 'ACCEPTED', exclude: 'EXCLUDED', reject: 'REJECTED' },
  ACCEPTED: {},
  EXCLUDED: {},
  REJECTED: {},
};

export function nextHoldStatus(status: HoldStatus, event: HoldEvent): HoldStatus | null {
  return HOLD_TRANSITIONS[status][event] ?? null;
}

export const isOpenHold = (status: HoldStatus) =>
  (OPEN_HOLD_STATUSES as readonly HoldStatus[]).includes(status);
