import { describe, expect, it } from 'vitest';
import { campaignAssetKey, campaignAssetUrl, thumbnailKeyOf } from './campaign-asset-paths';

describe('campaign asset paths', () => {
  it('keeps each campaign’s files in a folder of their own, named by the file’s id', () => {
    expect(campaignAssetKey('c1', 'a1', 'png')).toBe('campaign-assets/c1/a1.png');
    expect(campaignAssetKey('c1', 'a1', '')).toBe('campaign-assets/c1/a1.bin');
  });

  it('serves a file from /server-api/ and its path, each segment encoded', () => {
    expect(campaignAssetUrl('campaign-assets/c1/a 1.png')).toBe('/server-api/campaign-assets/c1/a%201.png');
    expect(campaignAssetUrl('/campaign-assets/c1/a1.png')).toBe('/server-api/campaign-assets/c1/a1.png');
  });

  it('serves the thumbnail at the same path with its suffix', () => {
    expect(thumbnailKeyOf('campaign-assets/c1/a1.png')).toBe('campaign-assets/c1/a1.png.thumbnail.webp');
    expect(campaignAssetUrl('campaign-assets/c1/a1.png', { thumbnail: true })).toBe(
      '/server-api/campaign-assets/c1/a1.png.thumbnail.webp',
    );
  });
});
