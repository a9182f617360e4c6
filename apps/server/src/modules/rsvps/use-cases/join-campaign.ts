import { RSVP_MESSAGES, type Rsvp, type RsvpBody } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import {
  applyRsvpEvent,
  isRunning,
  notRunningMessage,
  requireHandle,
  toRsvp,
  visibleCampaign,
} from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** POST /server-api/campaigns/rsvp: the creator joins a CHALLENGE campaign (again: the same answer). */
export async function joinCampaign(
  context: RsvpsContext,
  user: RequestUser,
  body: RsvpBody,
): Promise<{ rsvp: Rsvp; created: boolean }> {
  if (body.creatorId !== user.accountId) throw errors.notFound();
  const campaign = await visibleCampaign(context, user, body.campaignId);
  if (campaign.type === 'BESPOKE') throw errors.conflict(RSVP_MESSAGES.inviteOnly);
  if (!isRunning(campaign)) throw errors.conflict(notRunningMessage(campaign));
  await requireHandle(context, user, campaign);
  return context.db.transaction(async (tx) => {
    const current = await repository.lock(tx, campaign.id, user.accountId);
    if (current?.status === 'ACCEPT') return { rsvp: toRsvp(current), created: false };
    const target = { campaign, creatorId: user.accountId, current };
    const { row, created } = await applyRsvpEvent(context, tx, target, 'join', user);
    return { rsvp: toRsvp(row), created };
  });
}
