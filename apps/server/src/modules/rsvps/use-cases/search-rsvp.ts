import type { Rsvp, RsvpBody } from '@platform/shared';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import { toRsvp, visibleCampaign } from '../rsvp-moves';
import type { RsvpsContext } from '../rsvps.context';
import { rsvpsRepository as repository } from '../rsvps.repository';

/** POST /server-api/campaigns/rsvp/search: the creator's RSVP to a campaign they may see, if any. */
export async function searchRsvp(
  context: RsvpsContext,
  user: RequestUser,
  body: RsvpBody,
): Promise<{ data: Rsvp[] }> {
  if (body.creatorId !== user.accountId) throw errors.notFound();
  const campaign = await visibleCampaign(context, user, body.campaignId);
  const row = await repository.find(context.db, campaign.id, user.accountId);
  return { data: row ? [toRsvp(row)] : [] };
}
