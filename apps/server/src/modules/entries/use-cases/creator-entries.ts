import type { Entry } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { toEntry, visibleCampaign } from '../entry-moves';

/** The creator's entries to a campaign they may see, newest first (SPEC §7: reads `data`). */
export async function creatorEntries(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
): Promise<{ data: Entry[] }> {
  const campaign = await visibleCampaign(context, user, campaignId);
  return { data: (await context.repository.ofCreator(context.db, user.accountId, campaign.id)).map(toEntry) };
}
