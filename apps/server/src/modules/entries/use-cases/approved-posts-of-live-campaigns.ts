import type { EntriesContext } from '../entries.context';
import type { MeasuredEntry } from '../entries.repository';

/** Approved entries' posts in campaigns live now, whose figures the metrics refresh reads (ADR 024). */
export function approvedPostsOfLiveCampaigns(context: EntriesContext): Promise<MeasuredEntry[]> {
  return context.repository.approvedPostsOfLiveCampaigns(context.db);
}
