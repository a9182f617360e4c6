import { isUuid } from '@platform/shared';
import type { EntriesContext } from '../entries.context';
import type { MeasuredEntry } from '../entries.repository';

/** Entries as the metrics module reads them: their posts, whose figures it records. */
export const measuredEntries = {
  /** Approved entries' posts in campaigns live now, whose figures the metrics refresh reads (ADR 024). */
  approvedPostsOfLiveCampaigns: (context: EntriesContext): Promise<MeasuredEntry[]> =>
    context.repository.approvedPostsOfLiveCampaigns(context.db),

  /** One entry as the metrics module reads it, whatever its status. */
  measuredEntry: async (context: EntriesContext, id: string): Promise<MeasuredEntry | undefined> =>
    isUuid(id) ? context.repository.measuredEntry(context.db, id) : undefined,

  /** Every entry of a campaign, for a staff import of figures to name by id or post. */
  measuredOfCampaign: (context: EntriesContext, campaignId: string): Promise<MeasuredEntry[]> =>
    context.repository.measuredOfCampaign(context.db, campaignId),

  /** The entries of posts, by the posts' identities (`postIdentity`), for figures a partner sends. */
  measuredOfPosts: (context: EntriesContext, identities: readonly string[]): Promise<MeasuredEntry[]> =>
    context.repository.measuredOfPosts(context.db, identities),
};
