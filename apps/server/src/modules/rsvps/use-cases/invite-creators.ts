import {
  nextRsvpStatus,
  NO_RSVP,
  RSVP_MESSAGES,
  type CampaignInviteBody,
  type FieldError,
  type Rsvp,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import { applyRsvpEvent, isRunning, toRsvp } from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/**
 * Invites creators to a BESPOKE campaign that is published or live. Each must be able to see it
 * (ACTIVE, of its territories), or nothing is written. Creators invited already, taking part or who
 * declined are left as they are (a declined invitation is asked again with `reinvite`).
 */
export async function inviteCreators(
  context: RsvpsContext,
  caller: StaffCaller,
  campaignId: string,
  body: CampaignInviteBody,
): Promise<{ invited: Rsvp[] }> {
  const { campaignsService } = context;
  const campaign = await campaignsService.staffCampaignFacts(caller, campaignId);
  if (campaign.type === 'CHALLENGE') throw errors.conflict(RSVP_MESSAGES.openToAll);
  if (!isRunning(campaign)) throw errors.conflict(RSVP_MESSAGES.notPublished);
  const problems: FieldError[] = [];
  for (const [index, creatorId] of body.creatorIds.entries()) {
    if (!(await campaignsService.creatorCampaignFacts(creatorId, campaign.id))) {
      problems.push({ field: `creatorIds.${index}`, message: RSVP_MESSAGES.creatorNotEligible });
    }
  }
  if (problems.length > 0) throw errors.validation(problems);
  // One order for every request, so that two invitations naming the same creators never deadlock.
  const creatorIds = [...new Set(body.creatorIds)].sort();
  return context.db.transaction(async (tx) => {
    const invited: Rsvp[] = [];
    for (const creatorId of creatorIds) {
      const current = await repository.lock(tx, campaign.id, creatorId);
      if (nextRsvpStatus(campaign.type, current?.status ?? NO_RSVP, 'invite') === null) continue;
      const target = { campaign, creatorId, current };
      invited.push(toRsvp((await applyRsvpEvent(context, tx, target, 'invite', caller)).row));
    }
    return { invited };
  });
}
