import { campaignAssetUrl } from '@platform/shared';
import { RemoteImage, type RemoteImageProps } from './RemoteImage';

export interface AssetImageProps extends Omit<RemoteImageProps, 'src'> {
  /** The key the upload returned; null while it is not known yet. */
  assetKey: string | null;
  /** Asks for the smaller version made for lists and previews. */
  thumbnail?: boolean;
}

/** An image uploaded to a campaign, from the campaigns asset path. */
export function AssetImage({ assetKey, thumbnail = false, ...props }: AssetImageProps) {
  const src = assetKey === null ? null : campaignAssetUrl(assetKey, { thumbnail });
  return <RemoteImage src={src} {...props} />;
}
