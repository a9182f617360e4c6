import type { EntriesContext } from '../entries.context';

/** How many entries count in a campaign (none rejected), for the creator's campaign cards. */
export function countOfCampaign(context: EntriesContext, campaignId: string): Promise<number> {
  return context.repository.countOf(context.db, campaignId);
}
