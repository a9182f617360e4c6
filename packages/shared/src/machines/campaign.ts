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
  LIVE: { end: 'ENDED', unpublish: 'UNPUBLISH', materialChange: 'PENDING' },
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
  'ENDED',
] as const satisfies readonly CampaignStatus[];

/** Statuses in which a marketer may still change anything freely: nobody has approved this version yet. */
export const CAMPAIGN_EDITABLE_STATUSES = ['DRAFT', 'REJECTED'] as const satisfies readonly CampaignStatus[];

/** Statuses after approval: a change of reward, budget or dates needs CAMPAIGN_EDIT_ACTION (DESIGN §7). */
export const CAMPAIGN_APPROVED_STATUSES = [
  'PUBLISHED',
  'LIVE',
  'UNPUBLISH',
] as const satisfies readonly CampaignStatus[];
