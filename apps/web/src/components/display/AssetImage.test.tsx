import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignAssetUrl } from './asset-url';
import { AssetImage } from './AssetImage';
import { renderWidget } from '../../test/render-widget';

describe('campaignAssetUrl', () => {
  it('serves the asset from the campaigns asset path, its key encoded', () => {
    expect(campaignAssetUrl('campaign 4/cover.png')).toBe(
      '/server-api/campaigns/asset/campaign%204%2Fcover.png',
    );
  });

  it('asks for the thumbnail variant with a query', () => {
    expect(campaignAssetUrl('cover.png', { thumbnail: true })).toBe(
      '/server-api/campaigns/asset/cover.png?variant=thumbnail',
    );
  });
});

describe('AssetImage', () => {
  it('shows a skeleton until the image has loaded', () => {
    const { container } = renderWidget(<AssetImage assetKey="cover.png" thumbnail alt="Campaign cover" />);
    const image = screen.getByRole('img', { name: 'Campaign cover' });
    expect(image).toHaveAttribute('src', '/server-api/campaigns/asset/cover.png?variant=thumbnail');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();

    fireEvent.load(image);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByRole('img', { name: 'Campaign cover' })).toBe(image);
  });

  it('shows the skeleton while the key is not known yet', () => {
    const { container } = renderWidget(<AssetImage assetKey={null} alt="Campaign cover" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows an icon in place of an image that fails to load, keeping its description', () => {
    const { container } = renderWidget(<AssetImage assetKey="missing.png" alt="Campaign cover" />);
    fireEvent.error(screen.getByRole('img', { name: 'Campaign cover' }));

    const fallback = screen.getByRole('img', { name: 'Campaign cover' });
    expect(fallback.tagName).not.toBe('IMG');
    expect(container.querySelector('.tabler-icon-photo-off')).not.toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
