import { campaignStatusAllows, type CampaignDetail } from '@platform/shared';
import { actorOf, archived, lockInScope, notAllowed, type CampaignsCaller } from '../campaign-access';
import { campaignDetail } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** Puts a campaign away that is neither on offer nor running; it leaves the lists unless asked for. */
export async function archiveCampaign(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
): Promise<CampaignDetail> {
  const { db, clock, audit } = context;
  return db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    if (row.archivedAt) throw archived();
    if (!campaignStatusAllows(row.status, 'archivable')) throw notAllowed(row.status);
    await repository.update(tx, row.id, { archivedAt: clock.now(), updatedAt: clock.now() });
    await audit.record(tx, {
      actor: actorOf(caller),
      action: 'campaign.archive',
      target: { type: 'campaign', id: row.id, label: row.name },
      before: { archived: false },
      after: { archived: true },
    });
    return campaignDetail(tx, row.id);
  });
}
