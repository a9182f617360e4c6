import { randomUUID } from 'node:crypto';
import {
  campaignAssetKey,
  campaignAssetTypeOf,
  campaignStatusAllows,
  CAMPAIGN_ASSET_ACCEPT,
  fileExtension,
  FILE_UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  type CampaignAssetUploadBody,
  type CampaignAssetUploadResponse,
} from '@platform/shared';
import { FileTooLargeError } from '../../../adapters/storage/file-storage';
import { errors } from '../../../errors';
import { archived, lockInScope, notAllowed, type CampaignsCaller } from '../campaign-access';
import { stagingKeyOf } from '../campaign-staging';
import { toCampaignAsset } from '../campaign-views';
import type { CampaignsContext } from '../campaigns.context';
import { campaignsRepository as repository } from '../campaigns.repository';

/** How long a marketer's browser has to start sending a file once it has its URL. */
const ASSET_UPLOAD_URL_SECONDS = 30 * 60;

/** The URL to PUT the file to, signed for its type and size; too large a file is a field error. */
async function signUpload(context: CampaignsContext, key: string, contentType: string, size: number) {
  try {
    return await context.storage.signedUrl({
      method: 'PUT',
      key,
      expiresInSeconds: ASSET_UPLOAD_URL_SECONDS,
      contentTypes: [contentType],
      maxBytes: UPLOAD_MAX_BYTES,
      contentLength: size,
    });
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw errors.validation([{ field: 'size', message: FILE_UPLOAD_MESSAGES.tooLarge }]);
    }
    throw error;
  }
}

/**
 * Records a file the marketer is about to upload and signs a URL to PUT it to (SPEC §5: at most 250
 * MB, of an asset kind of SPEC §3). The file is not the campaign's until its upload is completed.
 */
export async function requestAssetUpload(
  context: CampaignsContext,
  caller: CampaignsCaller,
  id: string,
  body: CampaignAssetUploadBody,
): Promise<CampaignAssetUploadResponse> {
  const fileType = campaignAssetTypeOf({ name: body.fileName, type: body.contentType });
  if (!fileType) {
    throw errors.validation([{ field: 'fileName', message: FILE_UPLOAD_MESSAGES.typeNotAllowed }]);
  }
  // A browser that knows no type for the file sends none; the upload is then signed for its kind's own.
  const contentType = body.contentType.trim() || CAMPAIGN_ASSET_ACCEPT[fileType].mimeTypes[0];
  return context.db.transaction(async (tx) => {
    const row = await lockInScope(tx, caller, id);
    if (row.archivedAt) throw archived();
    if (!campaignStatusAllows(row.status, 'takesFiles')) throw notAllowed(row.status);
    const assetId = randomUUID();
    const stagingKey = stagingKeyOf(assetId);
    const signed = await signUpload(context, stagingKey, contentType, body.size);
    const asset = {
      id: assetId,
      campaignId: row.id,
      fileType,
      fileName: body.fileName,
      contentType,
      size: body.size,
      storageKey: campaignAssetKey(row.id, assetId, fileExtension(body.fileName)),
      thumbnailKey: null,
      scanStatus: 'PROCESSING' as const,
      scanned: false,
      scanDetail: null,
      uploadedAt: null,
      createdAt: context.clock.now(),
    };
    await repository.insertAsset(tx, asset);
    return {
      asset: toCampaignAsset(asset),
      url: signed.url,
      key: stagingKey,
      expiresAt: signed.expiresAt.toISOString(),
    };
  });
}
