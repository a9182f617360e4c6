/** The folder campaign files are stored under; their served address is `/server-api/{path}` (SPEC §7). */
export const CAMPAIGN_ASSET_FOLDER = 'campaign-assets';

/** An image's thumbnail is kept and served at the image's path with this suffix (SPEC §2). */
export const CAMPAIGN_ASSET_THUMBNAIL_SUFFIX = '.thumbnail.webp';

const SERVED_PREFIX = '/server-api/';

/** Where a campaign file is stored: one folder per campaign, named by the file's id, with its extension. */
export const campaignAssetKey = (campaignId: string, assetId: string, extension: string) =>
  `${CAMPAIGN_ASSET_FOLDER}/${campaignId}/${assetId}.${extension || 'bin'}`;

export const thumbnailKeyOf = (key: string) => `${key}${CAMPAIGN_ASSET_THUMBNAIL_SUFFIX}`;

/** The address a stored campaign file is served from, each segment of its path encoded. */
export function campaignAssetUrl(path: string, { thumbnail = false }: { thumbnail?: boolean } = {}): string {
  const key = thumbnail ? thumbnailKeyOf(path) : path;
  return `${SERVED_PREFIX}${key.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')}`;
}
