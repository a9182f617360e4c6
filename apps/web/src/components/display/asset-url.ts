/** Where the server serves the files uploaded to campaigns. */
export const CAMPAIGN_ASSET_PATH = '/server-api/campaigns/asset';

/**
 * The thumbnail is the same address with `?variant=thumbnail`: browsers and caches keep the two apart, and a
 * server that has no smaller version yet can ignore the query and answer with the original.
 */
export const THUMBNAIL_QUERY = '?variant=thumbnail';

export function campaignAssetUrl(
  assetKey: string,
  { thumbnail = false }: { thumbnail?: boolean } = {},
): string {
  return `${CAMPAIGN_ASSET_PATH}/${encodeURIComponent(assetKey)}${thumbnail ? THUMBNAIL_QUERY : ''}`;
}
