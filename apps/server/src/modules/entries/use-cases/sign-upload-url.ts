import { randomUUID } from 'node:crypto';
import { CAMPAIGN_ASSET_ACCEPT, UPLOAD_MAX_BYTES, type UgcUpload } from '@platform/shared';
import type { RequestUser } from '../../../principal';
import type { EntriesContext } from '../entries.context';
import { ugcStagingKey } from '../entry-content';
import { enterable } from '../entry-moves';

/** How long a creator has to send their video once the upload URL is signed. */
const UGC_UPLOAD_URL_SECONDS = 60 * 60;

/**
 * GET /server-api/campaigns/{id}/ugc-upload-url (SPEC §7): a URL to PUT one video to (MP4 or MOV, at
 * most 250 MB), and the key to enter it with.
 */
export async function signUploadUrl(
  context: EntriesContext,
  user: RequestUser,
  campaignId: string,
): Promise<UgcUpload> {
  const campaign = await enterable(context, user, campaignId);
  const key = ugcStagingKey(campaign.id, user.accountId, randomUUID());
  const signed = await context.storage.signedUrl({
    method: 'PUT',
    key,
    expiresInSeconds: UGC_UPLOAD_URL_SECONDS,
    contentTypes: CAMPAIGN_ASSET_ACCEPT.video.mimeTypes,
    maxBytes: UPLOAD_MAX_BYTES,
  });
  return { url: signed.url, key };
}
