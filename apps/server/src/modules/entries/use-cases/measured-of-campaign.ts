import type { EntriesContext } from '../entries.context';
import type { MeasuredEntry } from '../entries.repository';

/** Every entry of a campaign, for a staff import of figures to name by id or post. */
export function measuredOfCampaign(context: EntriesContext, campaignId: string): Promise<MeasuredEntry[]> {
  return context.repository.measuredOfCampaign(context.db, campaignId);
}
