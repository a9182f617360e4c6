import sharp from 'sharp';
import { thumbnailKeyOf, type AssetFileType, type AssetScanStatus } from '@platform/shared';
import type { FileScanner } from './file-scanner';
import type { FileStorage } from '../storage/file-storage';
import { SNIFF_BYTES, contentMatches } from './asset-content';

/** The width thumbnails are made at: twice a gallery tile on a phone, for sharp screens. */
export const THUMBNAIL_WIDTH = 480;

export type ProcessedAsset = {
  /** The file is clean but not what its name says (a PNG named `.pdf`): removed, never served. */
  contentMismatch: boolean;
  /** SUCCESS only when a scanner read every byte and found nothing; NOT_SCANNED when there is none. */
  scanStatus: AssetScanStatus;
  /** True only when a scanner read every byte and found nothing. */
  scanned: boolean;
  scanDetail: string | null;
  thumbnailKey: string | null;
};

/**
 * Scans a stored file, checks that its content is what its kind says, and for an image makes its
 * thumbnail. The scan comes first, so that a virus is reported as one whatever it is named. A file with a
 * threat, one the scanner could not finish, or one whose content does not match is removed from storage:
 * it can never be served. With no scanner configured, the file is kept and marked NOT_SCANNED, never SUCCESS.
 */
const gone = (scanned: boolean): ProcessedAsset => ({
  contentMismatch: false,
  scanStatus: 'FAILED',
  scanned,
  scanDetail: 'The file is gone.',
  thumbnailKey: null,
});

export async function processStoredAsset(
  dependencies: { storage: FileStorage; scanner: FileScanner },
  asset: { key: string; fileType: AssetFileType },
): Promise<ProcessedAsset> {
  const { storage, scanner } = dependencies;
  const stored = await storage.get(asset.key);
  if (!stored) return gone(false);
  const verdict = await scanner.scan(stored.body);
  if (verdict.outcome === 'THREATS_FOUND' || verdict.outcome === 'FAILED') {
    await storage.delete(asset.key);
    return {
      contentMismatch: false,
      scanStatus: verdict.outcome === 'THREATS_FOUND' ? 'THREATS_FOUND' : 'FAILED',
      scanned: false,
      scanDetail: verdict.outcome === 'THREATS_FOUND' ? verdict.signature : verdict.reason,
      thumbnailKey: null,
    };
  }
  const scanned = verdict.outcome === 'CLEAN';
  const scanDetail = verdict.outcome === 'NOT_SCANNED' ? verdict.reason : null;
  const start = await storage.readStart(asset.key, SNIFF_BYTES);
  if (!start) return gone(scanned);
  if (!(await contentMatches(start, asset.fileType))) {
    await storage.delete(asset.key);
    return { contentMismatch: true, scanStatus: 'FAILED', scanned, scanDetail, thumbnailKey: null };
  }
  const kept = {
    contentMismatch: false,
    scanStatus: scanned ? ('SUCCESS' as const) : ('NOT_SCANNED' as const),
    scanned,
    scanDetail,
  };
  if (asset.fileType !== 'image') return { ...kept, thumbnailKey: null };

  const original = await storage.get(asset.key);
  if (!original) return gone(scanned);
  try {
    const thumbnail = await original.body
      .pipe(sharp().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp())
      .toBuffer();
    const thumbnailKey = thumbnailKeyOf(asset.key);
    await storage.put(thumbnailKey, thumbnail, 'image/webp');
    return { ...kept, thumbnailKey };
  } catch {
    // An image sharp cannot read is still the file the marketer uploaded: it is served without a thumbnail.
    return { ...kept, thumbnailKey: null };
  }
}
