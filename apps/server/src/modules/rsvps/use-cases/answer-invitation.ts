import { isUuid, type Rsvp, type RsvpAnswerBody } from '@platform/shared';
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

/** PATCH /server-api/campaigns/rsvp/{id}: the creator accepts or declines an invitation. */
export async function answerInvitation(
  context: RsvpsContext,
  user: RequestUser,
  id: string,
  body: RsvpAnswerBody,
): Promise<Rsvp> {
  const found = isUuid(id) ? await repository.findById(context.db, id) : undefined;
  if (!found || found.creatorId !== user.accountId) throw errors.notFound();
  const campaign = await visibleCampaign(context, user, found.campaignId);
  if (!isRunning(campaign)) throw errors.conflict(notRunningMessage(campaign));
  if (body.status === 'ACCEPT') await requireHandle(context, user, campaign);
  return context.db.transaction(async (tx) => {
    const current = await repository.lockById(tx, id);
    const event = body.status === 'ACCEPT' ? 'accept' : 'decline';
    const target = { campaign, creatorId: user.accountId, current };
    return toRsvp((await applyRsvpEvent(context, tx, target, event, user)).row);
  });
}
