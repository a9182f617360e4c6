import type { CampaignStatus } from '../vocabulary/campaign';

/** What moves a campaign from one status to the next (DESIGN §7). */
export const CAMPAIGN_EVENTS = [
  'submit',
  'approve',
  'reject',
  'edit',
  'start',
  'end',
  'unpublish',
  'republish',
  /** Reward, budget or dates changed after approval: the campaign is reviewed again. */
  'materialChange',
  /** A CampaignManager stops a live campaign taking joins and entries for now, or its budget is spent. */
  'pause',
  'resume',
] as const;
export type CampaignEvent = (typeof CAMPAIGN_EVENTS)[number];

/**
 * The campaign state machine, one row per status: the events it accepts and where each leads. Anything
 * missing is not allowed (the server answers 409). `start` and `end` are the scheduler's, at the
 * campaign's start and end times; the rest are people's.
 */
export const CAMPAIGN_TRANSITIONS: Readonly<
  Record<CampaignStatus, Partial<Readonly<Record<CampaignEvent, CampaignStatus>>>>
> = {
  DRAFT: { submit: 'PENDING' },
  PENDING: { approve: 'PUBLISHED', reject: 'REJECTED' },
  REJECTED: { edit: 'DRAFT' },
  PUBLISHED: { start: 'LIVE', unpublish: 'UNPUBLISH', materialChange: 'PENDING' },
  LIVE: { end: 'ENDED', unpublish: 'UNPUBLISH', materialChange: 'PENDING', pause: 'PAUSED' },
  PAUSED: { resume: 'LIVE', end: 'ENDED', unpublish: 'UNPUBLISH', materialChange: 'PENDING' },
  UNPUBLISH: { republish: 'PUBLISHED', materialChange: 'PENDING' },
  ENDED: {},
};

/** Where `event` takes a campaign at `status`, or null when the machine does not allow it. */
export function nextCampaignStatus(status: CampaignStatus, event: CampaignEvent): CampaignStatus | null {
  return CAMPAIGN_TRANSITIONS[status][event] ?? null;
}

/** The statuses a creator may see a campaign in (DESIGN §7); any other is, to them, no campaign at all. */
export const CREATOR_VISIBLE_CAMPAIGN_STATUSES = [
  'PUBLISHED',
  'LIVE',
  'PAUSED',
  'ENDED',
] as const satisfies readonly CampaignStatus[];

/** Statuses in which a marketer may still change anything freely: nobody has approved this version yet. */
export const CAMPAIGN_EDITABLE_STATUSES = ['DRAFT', 'REJECTED'] as const satisfies readonly CampaignStatus[];

/** Statuses after approval: a change of reward, budget or dates needs CAMPAIGN_EDIT_ACTION (DESIGN §7). */
export const CAMPAIGN_APPROVED_STATUSES = [
  'PUBLISHED',
  'LIVE',
  'PAUSED',
  'UNPUBLISH',
] as const satisfies readonly CampaignStatus[];

/**
 * What a campaign may do or be in each status, one row per status. Every rule that depends on the
 * status (who sees it, whether it takes joins or entries, whether its figures are read) asks this table,
 * on the server, in the jobs and in the web app, so a new status is one new row here.
 */
export type CampaignStatusCapabilities = {
  /** Staff may change anything without a second review: nobody has approved this version. */
  editableFreely: boolean;
  /** Approved and not ended: a change of reward, budget or dates needs CAMPAIGN_EDIT_ACTION (DESIGN §7). */
  approved: boolean;
  /** Creators may see it; in any other status it is, to them, no campaign at all. */
  visibleToCreators: boolean;
  /** Shown among the creator's ended campaigns rather than the current ones. */
  finished: boolean;
  /** Creators may accept or decline an invitation to it. */
  acceptsJoins: boolean;
  /** Creators may submit and revise entries. */
  acceptsEntries: boolean;
  /** The posts of its approved entries have their figures read from the platforms. */
  readsFigures: boolean;
  /** Its entries' figures are shown to staff (what has been read so far). */
  showsFigures: boolean;
  /** Its leaderboards may close and their prizes be given. */
  settlesPrizes: boolean;
  /** Staff may archive it: it is neither on offer nor running. */
  archivable: boolean;
  /** Staff may add files to it. */
  takesFiles: boolean;
  /** Where it comes in the creator's list: lower first. */
  creatorListRank: number;
  /** The scheduler's move from this status, and the campaign time at which it falls due. */
  scheduledMove: { event: 'start'; at: 'startsAt' } | { event: 'end'; at: 'endsAt' } | null;
};

const NOT_YET_APPROVED = {
  approved: false,
  visibleToCreators: false,
  finished: false,
  acceptsJoins: false,
  acceptsEntries: false,
  readsFigures: false,
  showsFigures: false,
  settlesPrizes: false,
  archivable: true,
  takesFiles: true,
  creatorListRank: 2,
  scheduledMove: null,
} as const satisfies Omit<CampaignStatusCapabilities, 'editableFreely'>;

const RUNNING = {
  editableFreely: false,
  approved: true,
  visibleToCreators: true,
  finished: false,
  acceptsJoins: true,
  acceptsEntries: true,
  readsFigures: true,
  showsFigures: true,
  settlesPrizes: true,
  archivable: false,
  takesFiles: true,
  creatorListRank: 0,
  scheduledMove: { event: 'end', at: 'endsAt' },
} as const satisfies CampaignStatusCapabilities;

export const CAMPAIGN_STATUS_CAPABILITIES: Readonly<
  Record<CampaignStatus, Readonly<CampaignStatusCapabilities>>
> = {
  DRAFT: { ...NOT_YET_APPROVED, editableFreely: true },
  PENDING: { ...NOT_YET_APPROVED, editableFreely: false },
  REJECTED: { ...NOT_YET_APPROVED, editableFreely: true },
  PUBLISHED: {
    ...NOT_YET_APPROVED,
    editableFreely: false,
    approved: true,
    visibleToCreators: true,
    acceptsJoins: true,
    archivable: false,
    creatorListRank: 1,
    scheduledMove: { event: 'start', at: 'startsAt' },
  },
  LIVE: RUNNING,
  // Running, its figures still read and its boards still closing, but taking no joins or entries; the end
  // date does not move (ADR 038).
  PAUSED: { ...RUNNING, acceptsJoins: false, acceptsEntries: false },
  UNPUBLISH: { ...NOT_YET_APPROVED, editableFreely: false, approved: true, showsFigures: true },
  ENDED: {
    ...NOT_YET_APPROVED,
    editableFreely: false,
    visibleToCreators: true,
    finished: true,
    showsFigures: true,
    settlesPrizes: true,
    takesFiles: false,
  },
};

type Capability = {
  [Key in keyof CampaignStatusCapabilities]: CampaignStatusCapabilities[Key] extends boolean ? Key : never;
}[keyof CampaignStatusCapabilities];

/** Whether a campaign in `status` may do or be `capability`. */
export const campaignStatusAllows = (status: CampaignStatus, capability: Capability): boolean =>
  CAMPAIGN_STATUS_CAPABILITIES[status][capability];

/** Every status in which `capability` holds, in the table's order (for queries: `status in (...)`). */
export const campaignStatusesThat = (capability: Capability): CampaignStatus[] =>
  (Object.keys(CAMPAIGN_STATUS_CAPABILITIES) as CampaignStatus[]).filter((status) =>
    campaignStatusAllows(status, capability),
  );
