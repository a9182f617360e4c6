import { randomUUID } from 'node:crypto';
import {
  campaignStatusAllows,
  isUuid,
  nextRsvpStatus,
  NO_RSVP,
  RSVP_MESSAGES,
  type Rsvp,
  type RsvpEvent,
} from '@platform/shared';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import type { Actor, RequestUser } from '../../principal';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import type { RsvpsContext } from './rsvps.context';
import { rsvpsRepository as repository, type RsvpRow } from './rsvps.repository';

export const toRsvp = (row: RsvpRow): Rsvp => ({
  id: row.id,
  campaignId: row.campaignId,
  creatorId: row.creatorId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Campaigns that still take people in (published or live); an ended or archived one takes no one new. */
export const isRunning = (campaign: CampaignFacts) =>
  !campaign.archived && campaignStatusAllows(campaign.status, 'acceptsJoins');

/** Why a campaign takes no one new: paused for now (ADR 038), or over. */
export const notRunningMessage = (campaign: CampaignFacts) =>
  campaign.status === 'PAUSED' && !campaign.archived ? RSVP_MESSAGES.paused : RSVP_MESSAGES.notRunning;

/**
 * Applies `event` to a locked RSVP (or to none yet), as `actor`; 409 when the machine says no. Answers
 * the RSVP and whether this call created it.
 */
export async function applyRsvpEvent(
  context: RsvpsContext,
  tx: Executor,
  target: { campaign: CampaignFacts; creatorId: string; current: RsvpRow | undefined },
  event: RsvpEvent,
  actor: Actor,
): Promise<{ row: RsvpRow; created: boolean }> {
  const { campaign, creatorId, current } = target;
  const to = nextRsvpStatus(campaign.type, current?.status ?? NO_RSVP, event);
  if (!to) throw errors.conflict(RSVP_MESSAGES.notAllowed);
  const now = context.clock.now();
  const invitedBy = event === 'invite' || event === 'reinvite' ? { invitedBy: actor.accountId } : {};
  let row: RsvpRow;
  if (current) {
    row = await repository.update(tx, current.id, { status: to, updatedAt: now, ...invitedBy });
  } else {
    const inserted = await repository.insertNew(tx, {
      id: randomUUID(),
      campaignId: campaign.id,
      creatorId,
      status: to,
      invitedBy: null,
      createdAt: now,
      updatedAt: now,
      ...invitedBy,
    });
    // Another request made the creator's RSVP first: if it made what this one would, that is the
    // answer (the same join or invitation twice at once); otherwise judge this one against it.
    if (!inserted) {
      const made = await repository.lock(tx, campaign.id, creatorId);
      if (made?.status === to) return { row: made, created: false };
      return applyRsvpEvent(context, tx, { campaign, creatorId, current: made }, event, actor);
    }
    row = inserted;
  }
  await context.audit.record(tx, {
    actor,
    action: `rsvp.${event}`,
    target: { type: 'rsvp', id: row.id, label: campaign.name },
    before: { status: current?.status ?? null, creatorId },
    after: { status: to, creatorId },
  });
  return { row, created: current === undefined };
}

/** A campaign the creator may see, or 404: the same answer as for one that does not exist. */
export async function visibleCampaign(
  context: RsvpsContext,
  user: RequestUser,
  campaignId: string,
): Promise<CampaignFacts> {
  const campaign = await context.campaignsService.creatorCampaignFacts(user.accountId, campaignId);
  if (!campaign) throw errors.notFound();
  return campaign;
}

/** 409 unless the creator has a handle on the campaign's platform. */
export async function requireHandle(context: RsvpsContext, user: RequestUser, campaign: CampaignFacts) {
  if (!(await context.creatorService.handleOn(user.accountId, campaign.platform))) {
    throw errors.conflict(RSVP_MESSAGES.handleNeeded(campaign.platform));
  }
}

/** The RSVP `id` of the campaign `campaignId`, locked; 404 when it is of another campaign. */
export async function lockOfCampaign(tx: Executor, campaignId: string, id: string): Promise<RsvpRow> {
  const row = isUuid(id) ? await repository.lockById(tx, id) : undefined;
  if (!row || row.campaignId !== campaignId) throw errors.notFound();
  return row;
}
