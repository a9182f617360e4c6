import { createOEmbedPreviews, type OEmbedPreviewsOptions } from './oembed-previews';
import { createOfflinePreviews } from './offline-previews';
import type { OEmbedSettings, PostPreviews } from './post-previews';

/** The previews POST_PREVIEWS asks for: oEmbed with its settings, the offline answer without. */
export function postPreviewsFor(
  settings: OEmbedSettings | undefined,
  options: Omit<OEmbedPreviewsOptions, keyof OEmbedSettings> = {},
): PostPreviews {
  return settings ? createOEmbedPreviews({ ...options, ...settings }) : createOfflinePreviews();
}
