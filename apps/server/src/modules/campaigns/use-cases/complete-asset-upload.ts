import { CAMPAIGN_ASSET_MESSAGES, ERROR_CODES, isUuid, type CampaignAsset } from '@platform/shared';
import { processStoredAsset } from '../../../adapters/scanner/asset-processing';
import { AppError, errors } from '../../../errors';
import { actorOf, lockInScope, type CampaignsCaller } from '../campaign-access';
import { stagingKeyOf } from '../campaign-staging';
import { toCampaignAsset } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** Moves the sent file from where it waited to where it is kept; once only, so a repeat finds it done. */
const takeUpload = (context: CampaignsContext, caller: CampaignsCaller, id: string, assetId: string) =>
  context.db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    const asset = isUuid(assetId) ? await repository.lockAsset(tx, row.id, assetId) : undefined;
    if (!asset) throw errors.notFound();
    if (asset.uploadedAt !== null) return { asset, fresh: false };
    const moved = await context.storage.move(stagingKeyOf(asset.id), asset.storageKey);
    if (!moved) throw new AppError(409, ERROR_CODES.conflict, CAMPAIGN_ASSET_MESSAGES.notUploaded);
    const uploaded = {
      ...asset,
      size: moved.size,
      scanStatus: 'SCANNING' as const,
      uploadedAt: context.clock.now(),
    };
    await repository.updateAsset(tx, asset.id, {
      size: uploaded.size,
      scanStatus: uploaded.scanStatus,
      uploadedAt: uploaded.uploadedAt,
    });
    return { asset: uploaded, fresh: true };
  });

/**
 * Takes an uploaded file in: it is scanned, its content must be what its name says (422 otherwise,
 * and it is removed), and an image gets a thumbnail. A threat or a failed scan removes it; the answer
 * says which.
 */
export async function completeAssetUpload(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  assetId: string,
): Promise<CampaignAsset> {
  const { db, storage, scanner, audit } = context;
  const pending = await takeUpload(context, caller, id, assetId);
  if (!pending.fresh) return toCampaignAsset(pending.asset);

  // Scanned outside the transaction: a large file takes seconds, and no row should wait on it.
  const processed = await processStoredAsset(
    { storage, scanner },
    { key: pending.asset.storageKey, fileType: pending.asset.fileType },
  );
  const { contentMismatch, ...outcome } = processed;
  if (contentMismatch) {
    await repository.deleteAsset(db, pending.asset.id);
    throw new AppError(422, ERROR_CODES.invalidFields, CAMPAIGN_ASSET_MESSAGES.contentMismatch, [
      { field: 'file', message: CAMPAIGN_ASSET_MESSAGES.contentMismatch },
    ]);
  }
  const done = { ...pending.asset, ...outcome };
  await db.transaction(async (tx) => {
    await repository.updateAsset(tx, done.id, outcome);
    await audit.record(tx, {
      actor: actorOf(caller),
      action: 'campaign.asset.upload',
      target: { type: 'campaign', id: done.campaignId, label: done.fileName },
      before: null,
      after: { asset: done.id, fileName: done.fileName, scanStatus: done.scanStatus, scanned: done.scanned },
    });
  });
  return toCampaignAsset(done);
}
