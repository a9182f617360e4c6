import type { CampaignType, RsvpStatus } from '../vocabulary/campaign';

/** What moves a creator's place in a campaign (DESIGN §7). */
export const RSVP_EVENTS = [
  /** A creator joins a CHALLENGE campaign by themselves. */
  'join',
  /** Staff invite a creator to a BESPOKE campaign (again, after an uninvitation). */
  'invite',
  'accept',
  'decline',
  /** Staff ask a creator who declined once more. */
  'reinvite',
  /** Staff withdraw an invitation that is still open. */
  'uninvite',
  /** Staff let go of a creator who accepted but is not chosen. */
  'unselect',
] as const;
export type RsvpEvent = (typeof RSVP_EVENTS)[number];

/** Who may cause each event: the creator whose RSVP it is, or staff with the CAMPAIGN_CREATOR grant. */
export const RSVP_EVENT_ACTORS: Readonly<Record<RsvpEvent, 'creator' | 'staff'>> = {
  join: 'creator',
  invite: 'staff',
  accept: 'creator',
  decline: 'creator',
  reinvite: 'staff',
  uninvite: 'staff',
  unselect: 'staff',
};

/** The state before any RSVP exists. */
export const NO_RSVP = 'NONE';
export type RsvpState = RsvpStatus | typeof NO_RSVP;

/**
 * The RSVP state machine, one row per status, for each campaign type: the events it accepts and where
 * each leads. Anything missing is not allowed (the server answers 409). A CHALLENGE campaign is open to
 * every eligible creator, who joins straight to ACCEPT; a BESPOKE one is by invitation only.
 */
export const RSVP_TRANSITIONS: Readonly<
  Record<CampaignType, Readonly<Record<RsvpState, Partial<Readonly<Record<RsvpEvent, RsvpStatus>>>>>>
> = {
  CHALLENGE: {
    NONE: { join: 'ACCEPT' },
    ACCEPT: { unselect: 'UNSELECTED' },
    INVITED: {},
    DECLINE: {},
    REINVITED: {},
    UNINVITED: {},
    UNSELECTED: {},
  },
  BESPOKE: {
    NONE: { invite: 'INVITED' },
    INVITED: { accept: 'ACCEPT', decline: 'DECLINE', uninvite: 'UNINVITED' },
    REINVITED: { accept: 'ACCEPT', decline: 'DECLINE', uninvite: 'UNINVITED' },
    DECLINE: { reinvite: 'REINVITED' },
    UNINVITED: { invite: 'INVITED' },
    ACCEPT: { unselect: 'UNSELECTED' },
    UNSELECTED: {},
  },
};

/** Where `event` takes an RSVP at `state` in a campaign of `type`, or null when the machine does not allow it. */
export function nextRsvpStatus(type: CampaignType, state: RsvpState, event: RsvpEvent): RsvpStatus | null {
  return RSVP_TRANSITIONS[type][state][event] ?? null;
}

/** An invitation the creator can still answer. */
export const OPEN_INVITATION_STATUSES = ['INVITED', 'REINVITED'] as const satisfies readonly RsvpStatus[];

/** Whether a creator with this RSVP takes part: only an accepted one may submit entries. */
export const isTakingPart = (status: RsvpState | null | undefined) => status === 'ACCEPT';
