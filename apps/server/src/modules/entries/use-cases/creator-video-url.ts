import { hourlySignedLink } from '../../../adapters/storage/hourly-signed-link';
import type { RequestUser } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { visibleCampaign } from '../entry-moves';

/**
 * GET /server-api/campaigns/{id}/ugc-url (SPEC §7, text): where the creator watches their video for the
 * campaign (the entry named, or their latest), or '' when they have sent none.
 */
export async function creatorVideoUrl(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
  entryId?: string,
): Promise<string> {
  const campaign = await visibleCampaign(context, user, campaignId);
  const video = (await context.repository.ofCreator(context.db, user.accountId, campaign.id)).find(
    (row) => row.kind === 'VIDEO' && row.videoKey !== null && (entryId === undefined || row.id === entryId),
  );
  return video?.videoKey ? hourlySignedLink(context.storage, context.clock, video.videoKey) : '';
}
