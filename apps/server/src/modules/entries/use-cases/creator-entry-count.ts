import type { EntryCount } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { visibleCampaign } from '../entry-moves';

/** GET /server-api/campaigns/{id}/entry-count: the campaign's entries that count (none rejected). */
export async function creatorEntryCount(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
): Promise<EntryCount> {
  const campaign = await visibleCampaign(context, user, campaignId);
  return { campaignId: campaign.id, totalCount: await context.repository.countOf(context.db, campaign.id) };
}
