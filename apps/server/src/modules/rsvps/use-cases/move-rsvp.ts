import type { Rsvp, StaffRsvpMove } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { applyRsvpEvent, isRunning, notRunningMessage, lockOfCampaign, toRsvp } from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';

/** Re-invite a creator who declined, withdraw an open invitation, or unselect a creator who accepted. */
export async function moveRsvp(
  context: RsvpsContext,
  caller: StaffCaller,
  campaignId: string,
  rsvpId: string,
  move: StaffRsvpMove,
): Promise<Rsvp> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  if (move === 'reinvite' && !isRunning(campaign)) throw errors.conflict(notRunningMessage(campaign));
  return context.db.transaction(async (tx) => {
    const current = await lockOfCampaign(tx, campaign.id, rsvpId);
    const target = { campaign, creatorId: current.creatorId, current };
    return toRsvp((await applyRsvpEvent(context, tx, target, move, caller)).row);
  });
}
