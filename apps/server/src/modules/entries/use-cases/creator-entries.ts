import type { Entry, EntryCount } from '@platform/shared';
import { hourlySignedLink } from '../../../adapters/storage/hourly-signed-link';
import { errors } from '../../../errors';
import type { RequestUser } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { toEntry } from '../entry-moves';

async function visibleCampaign(context: EntriesContext, user: RequestUser, campaignId: string) {
  const campaign = await context.campaignsService.creatorCampaignFacts(user.accountId, campaignId);
  if (!campaign) throw errors.notFound();
  return campaign;
}

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

/** The creator's entries to a campaign they may see, newest first (SPEC §7: reads `data`). */
export async function creatorEntries(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
): Promise<{ data: Entry[] }> {
  const campaign = await visibleCampaign(context, user, campaignId);
  return { data: (await context.repository.ofCreator(context.db, user.accountId, campaign.id)).map(toEntry) };
}

/** GET /server-api/campaigns/{id}/entry-count: the campaign's entries that count (none rejected). */
export async function creatorEntryCount(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
): Promise<EntryCount> {
  const campaign = await visibleCampaign(context, user, campaignId);
  return { campaignId: campaign.id, totalCount: await context.repository.countOf(context.db, campaign.id) };
}
