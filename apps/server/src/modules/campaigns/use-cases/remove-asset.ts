import { isUuid } from '@platform/shared';
import { errors } from '../../../errors';
import { actorOf, archived, lockInScope, type CampaignsCaller } from '../campaign-access';
import { stagingKeyOf } from '../campaign-staging';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** Removes a file from the campaign (and the cover, if it was); its bytes go once no copy uses them. */
export async function removeAsset(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  assetId: string,
): Promise<void> {
  const { db, clock, audit, storage } = context;
  const removedKeys = await db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    if (row.archivedAt) throw archived();
    const asset = isUuid(assetId) ? await repository.lockAsset(tx, row.id, assetId) : undefined;
    if (!asset) throw errors.notFound();
    await repository.deleteAsset(tx, asset.id);
    if (row.coverAssetId === asset.id) {
      await repository.update(tx, row.id, { coverAssetId: null, updatedAt: clock.now() });
    }
    await audit.record(tx, {
      actor: actorOf(caller),
      action: 'campaign.asset.remove',
      target: { type: 'campaign', id: row.id, label: asset.fileName },
      before: { asset: asset.id, fileName: asset.fileName },
      after: null,
    });
    const keys = [asset.storageKey, asset.thumbnailKey, stagingKeyOf(asset.id)].filter(
      (key): key is string => key !== null,
    );
    const unused = [];
    for (const key of keys) if ((await repository.assetsUsingKey(tx, key)) === 0) unused.push(key);
    return unused;
  });
  await Promise.all(removedKeys.map((key) => storage.delete(key)));
}
