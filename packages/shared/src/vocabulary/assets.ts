/** Asset file types (SPEC §3). */
export const ASSET_FILE_TYPES = ['audio', 'font', 'gif', 'icon', 'image', 'pdf', 'svg', 'video'] as const;
export type AssetFileType = (typeof ASSET_FILE_TYPES)[number];

/**
 * Asset scan status (SPEC §4), and NOT_SCANNED: a file kept on a server with no virus scanner configured,
 * which is served but never called clean (SUCCESS is a scanner's verdict alone).
 */
export const ASSET_SCAN_STATUSES = [
  'SUCCESS',
  'SCANNING',
  'THREATS_FOUND',
  'PROCESSING',
  'FAILED',
  'NOT_SCANNED',
] as const;
export type AssetScanStatus = (typeof ASSET_SCAN_STATUSES)[number];

/** Whether a file in this status may be served: scanned clean, or kept unscanned where there is no scanner. */
export function isServableScanStatus(status: AssetScanStatus): boolean {
  return status === 'SUCCESS' || status === 'NOT_SCANNED';
}

/** Upload widget progress (SPEC §4); THREATHS_FOUND is the spec's spelling and is kept. */
export const UPLOAD_PROGRESS_STATES = [
  'UPLOAD',
  'IN_PROGRESS',
  'COMPLETED',
  'REMOVING',
  'SCANNING',
  'FAILED',
  'THREATHS_FOUND',
] as const;
export type UploadProgressState = (typeof UPLOAD_PROGRESS_STATES)[number];

/** The upload widget ignores the remove action while an upload is running (SPEC §4). */
export function canRemoveUpload(state: UploadProgressState): boolean {
  return state !== 'IN_PROGRESS';
}
