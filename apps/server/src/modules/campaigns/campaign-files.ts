import type { Readable } from 'node:stream';
import {
  CAMPAIGN_ASSET_FOLDER,
  campaignStatusAllows,
  isServableScanStatus,
  type CampaignAsset,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { safeFileName } from '../../adapters/storage/file-names';
import { isValidStorageKey, type FileStorage } from '../../adapters/storage/file-storage';
import { hourlySignedLink } from '../../adapters/storage/hourly-signed-link';
import { errors } from '../../errors';
import { campaignsRepository as repository } from './campaigns.repository';

/** Types a browser shows and never runs; anything else (svg, pdf, html, fonts…) goes out as a download. */
const SHOWN_INLINE = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
]);

/** Public files may be cached a little: a campaign taken down stops being served within five minutes. */
const PUBLIC_CACHE = 'public, max-age=300';

const mediaType = (value: string) => value.split(';')[0]?.trim().toLowerCase() ?? '';

export type CampaignFiles = ReturnType<typeof createCampaignFiles>;

export type ServedFile = { body: Readable; headers: Record<string, string> };

/**
 * Campaign files as their readers fetch them: a published campaign's scanned files at their public path
 * (`GET /server-api/{path}`, SPEC §7) without a session, and every other file through signed links that
 * only staff responses carry.
 */
export function createCampaignFiles(dependencies: { db: Database; storage: FileStorage; clock: Clock }) {
  const { db, storage, clock } = dependencies;

  const staffLink = (key: string, downloadName?: string) =>
    hourlySignedLink(storage, clock, key, downloadName);

  return {
    /**
     * The file at a public path, or 404: unknown, neither scanned clean nor kept unscanned (no scanner), or
     * its campaign is not public.
     */
    async servePublic(path: string): Promise<ServedFile> {
      if (!path.startsWith(`${CAMPAIGN_ASSET_FOLDER}/`) || !isValidStorageKey(path)) throw errors.notFound();
      const found = await repository.assetByKey(db, path);
      if (!found) throw errors.notFound();
      const { asset, campaign } = found;
      const isPublic =
        campaignStatusAllows(campaign.status, 'visibleToCreators') && campaign.archivedAt === null;
      if (!isPublic || !isServableScanStatus(asset.scanStatus) || asset.uploadedAt === null) {
        throw errors.notFound();
      }
      const file = await storage.get(path);
      if (!file) throw errors.notFound();
      const type = mediaType(file.contentType);
      const isThumbnail = path === asset.thumbnailKey;
      const disposition = SHOWN_INLINE.has(type) ? 'inline' : 'attachment';
      const name = safeFileName(isThumbnail ? `${asset.fileName}.webp` : asset.fileName);
      return {
        body: file.body,
        headers: {
          'content-type': file.contentType,
          'content-length': String(file.size),
          'content-disposition': `${disposition}; filename="${name}"`,
          'x-content-type-options': 'nosniff',
          // Whatever the file holds, it can never run as a page of this site.
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': PUBLIC_CACHE,
        },
      };
    },

    /** A file's description for staff: its links signed, so drafts' files show in the console too. */
    async forStaff(asset: CampaignAsset): Promise<CampaignAsset> {
      if (asset.path === null) return asset;
      return {
        ...asset,
        url: await staffLink(asset.path, asset.fileName),
        thumbnailUrl: asset.thumbnailPath ? await staffLink(asset.thumbnailPath) : null,
      };
    },
  };
}
