import { createInstagramPostFacts } from './instagram-post-facts';
import { createOfflinePostFacts } from './offline-post-facts';
import type { PostFactsLogger, PostFactsQuery, PostFactsReader } from './post-facts';
import { unknownFacts } from './post-facts-replies';
import { createTikTokPostFacts } from './tiktok-post-facts';
import { createYouTubePostFacts } from './youtube-post-facts';

/**
 * Which platforms are asked, as the configuration gives them; a platform left out answers 'not-configured'.
 * TikTok and Instagram need no secret of the install's: they are asked with each creator's own token.
 */
export type PostFactsSettings = {
  /** The Data API's address (https://www.googleapis.com) and the install's API key. */
  youtube?: { baseUrl: string; apiKey: string } | undefined;
  /** The Display API's address: https://open.tiktokapis.com. */
  tiktok?: { baseUrl: string } | undefined;
  /** The Graph API's address and version: https://graph.facebook.com/v22.0. */
  instagram?: { baseUrl: string } | undefined;
};

export type PostFactsOptions = { timeoutMs?: number; logger?: PostFactsLogger };

/**
 * One reader for posts of every platform: each query goes to its platform's client where configured, to
 * the offline answer where not, and to no one without settings at all.
 */
export function postFactsFor(
  settings: PostFactsSettings | undefined,
  options: PostFactsOptions = {},
): PostFactsReader {
  const offline = createOfflinePostFacts();
  if (!settings) return offline;
  const byPlatform: Record<PostFactsQuery['platform'], PostFactsReader> = {
    Youtube: settings.youtube ? createYouTubePostFacts({ ...options, ...settings.youtube }) : offline,
    TikTok: settings.tiktok ? createTikTokPostFacts({ ...options, ...settings.tiktok }) : offline,
    Instagram: settings.instagram ? createInstagramPostFacts({ ...options, ...settings.instagram }) : offline,
  };
  return {
    async factsOf(query) {
      const reader = Object.hasOwn(byPlatform, query.platform) ? byPlatform[query.platform] : undefined;
      return reader ? reader.factsOf(query) : unknownFacts('unsupported');
    },
  };
}
