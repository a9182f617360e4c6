import { OPEN_INVITATION_STATUSES, type CreatorInvitation } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import { isRunning, toRsvp } from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** The invitations the creator can still answer, of campaigns they may see that still run. */
export async function listInvitations(
  context: RsvpsContext,
  user: RequestUser,
): Promise<{ data: CreatorInvitation[] }> {
  const open = await repository.ofCreatorIn(context.db, user.accountId, OPEN_INVITATION_STATUSES);
  const data: CreatorInvitation[] = [];
  for (const row of open) {
    const campaign = await context.campaignsService.creatorCampaignFacts(user.accountId, row.campaignId);
    if (!campaign || !isRunning(campaign)) continue;
    data.push({
      rsvp: toRsvp(row),
      campaign: {
        id: campaign.id,
        name: campaign.name,
        brandOrArtist: campaign.brandOrArtist,
        endsAt: campaign.endsAt.toISOString(),
      },
    });
  }
  return { data };
}
