import { randomUUID } from 'node:crypto';
import type { CampaignDetail } from '@platform/shared';
import { actorOf, lockInScope, type CampaignsCaller } from '../campaign-access';
import { auditedFields, recordDraftStarted } from '../campaign-fields';
import { campaignDetail } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** A new draft with the campaign's fields, territories and files, in the same team. */
export async function copyCampaign(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
): Promise<CampaignDetail> {
  const { db, clock, audit } = context;
  return db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    const copyId = randomUUID();
    const now = clock.now();
    const name = `Copy of ${row.name}`.slice(0, 120);
    const assets = await repository.assetsOf(tx, row.id);
    const assetIds = new Map(assets.map((asset) => [asset.id, randomUUID()]));
    await repository.insert(tx, {
      ...row,
      id: copyId,
      name,
      status: 'DRAFT',
      rejectionReason: null,
      coverAssetId: row.coverAssetId ? (assetIds.get(row.coverAssetId) ?? null) : null,
      createdBy: caller.accountId,
      createdAt: now,
      updatedAt: now,
      archivedAt: null,
    });
    await repository.replaceTerritories(tx, copyId, await repository.territoryIdsOf(tx, row.id));
    // The copy points at the same stored bytes: files are never changed in place, only removed.
    await repository.copyAssets(
      tx,
      assets.map((asset) => ({ ...asset, id: assetIds.get(asset.id) ?? randomUUID(), campaignId: copyId })),
    );
    await recordDraftStarted(tx, copyId, caller.accountId, now);
    await audit.record(tx, {
      actor: actorOf(caller),
      action: 'campaign.copy',
      target: { type: 'campaign', id: copyId, label: name },
      before: { copiedFrom: row.id },
      after: auditedFields({ ...row, name, status: 'DRAFT' }),
    });
    return campaignDetail(tx, copyId);
  });
}
