import type { CampaignEntry, CampaignEntryListQuery, Paged } from '@platform/shared';
import { hourlySignedLink } from '../../../adapters/storage/hourly-signed-link';
import type { StaffCaller } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { toEntry } from '../entry-moves';

/** The console's review queue of a campaign, newest first, with who entered each. */
export async function listEntries(
  context: EntriesContext,
  caller: StaffCaller,
  campaignId: string,
  query: CampaignEntryListQuery,
): Promise<Paged<CampaignEntry>> {
  const campaign = await context.campaignsService.staffCampaignFacts(caller, campaignId);
  const { rows, total } = await context.repository.list(context.db, {
    campaignId: campaign.id,
    ...(query.status ? { status: query.status } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const withVideos = await Promise.all(
    rows.map(async (row) => ({
      ...toEntry(row),
      postAccount:
        row.postAccount !== null && row.postAccountNamedBy !== null
          ? { handle: row.postAccount, namedBy: row.postAccountNamedBy }
          : null,
      videoUrl: row.videoKey ? await hourlySignedLink(context.storage, context.clock, row.videoKey) : null,
    })),
  );
  return {
    items: await context.creatorService.withCreators(withVideos, campaign.platform),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
