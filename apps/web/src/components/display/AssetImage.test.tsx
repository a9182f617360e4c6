import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignAssetUrl } from '@platform/shared';
import { AssetImage } from './AssetImage';
import { renderWidget } from '../../test/render-widget';

describe('AssetImage', () => {
  it('shows a skeleton until the image has loaded', () => {
    const { container } = renderWidget(
      <AssetImage assetKey="campaign-assets/c1/cover.png" thumbnail alt="Campaign cover" />,
    );
    const image = screen.getByRole('img', { name: 'Campaign cover' });
    expect(image).toHaveAttribute(
      'src',
      campaignAssetUrl('campaign-assets/c1/cover.png', { thumbnail: true }),
    );
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
