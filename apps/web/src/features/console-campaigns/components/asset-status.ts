import { CAMPAIGN_ASSET_MESSAGES, type CampaignAsset } from '@platform/shared';

export interface AssetStatusView {
  label: string;
  color: string;
  /** What it means for the file, when there is more to say than the label. */
  note: string | null;
  busy: boolean;
}

/**
 * How a file's scan reads. NOT_SCANNED means no virus scanner is configured: the file is called
 * "Not scanned", never clean.
 */
export function assetStatusView(asset: Pick<CampaignAsset, 'scanStatus' | 'scanned'>): AssetStatusView {
  switch (asset.scanStatus) {
    case 'SCANNING':
      return { label: 'Scanning', color: 'blue', note: 'Being checked for viruses…', busy: true };
    case 'PROCESSING':
      return { label: 'Processing', color: 'blue', note: CAMPAIGN_ASSET_MESSAGES.notReady, busy: true };
    case 'SUCCESS':
      return { label: 'No threats found', color: 'teal', note: null, busy: false };
    case 'NOT_SCANNED':
      return { label: 'Not scanned', color: 'gray', note: CAMPAIGN_ASSET_MESSAGES.notScanned, busy: false };
    case 'THREATS_FOUND':
      return { label: 'Threat found', color: 'red', note: CAMPAIGN_ASSET_MESSAGES.threatsFound, busy: false };
    case 'FAILED':
      return {
        label: asset.scanned ? 'Scan failed' : 'Failed',
        color: 'red',
        note: CAMPAIGN_ASSET_MESSAGES.scanFailed,
        busy: false,
      };
  }
}

/** Where the reader can fetch a file, preferring its thumbnail; null until it may be served. */
export const assetImageSrc = (asset: Pick<CampaignAsset, 'url' | 'thumbnailUrl'>): string | null =>
  asset.thumbnailUrl ?? asset.url;

/** Kinds shown as pictures in the lists. */
export const isPicture = (asset: Pick<CampaignAsset, 'fileType'>) =>
  asset.fileType === 'image' || asset.fileType === 'gif' || asset.fileType === 'svg';
