import type { CampaignReach } from '../../notifications/notifications.service';
import { reachOf } from '../campaign-moves';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/**
 * The campaigns among `ids` as far as deciding who may see them goes (their team and territories),
 * for the notifications' digests.
 */
export async function reachOfCampaigns(
  context: CampaignsContext,
  ids: readonly string[],
): Promise<CampaignReach[]> {
  const reaches: CampaignReach[] = [];
  for (const id of new Set(ids)) {
    const row = await repository.findById(context.db, id);
    if (row) reaches.push(await reachOf(context.db, row));
  }
  return reaches;
}
