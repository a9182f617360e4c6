// The port through which a post's preview (its thumbnail) is found for the entry cards
// (`GET /server-api/campaigns/entry/preview-url/{encodedLink}`). Without one the card still shows the
// platform's icon and 'View Post', so every way of not having a preview is an answer, never an exception.

import type { CreatorPlatform } from '@platform/shared';

export type PreviewUnavailableReason =
  /** POST_PREVIEWS=off: nothing was asked. */
  | 'offline'
  /** Instagram without INSTAGRAM_OEMBED_TOKEN. */
  | 'not-configured'
  /** A platform with no oEmbed endpoint (Snapchat). */
  | 'unsupported'
  /** The link is not a post on the platform named. */
  | 'not-a-post'
  /** The provider knows no such post (404, 410). */
  | 'not-found'
  /** The provider will not show it (400, 401, 403): a private post, embedding turned off, or our token. */
  | 'refused'
  /** The answer had no thumbnail that may be shown: none, or not over https. */
  | 'no-thumbnail'
  /** The answer was not an oEmbed document (a proxy's HTML page, say). */
  | 'malformed'
  /** The provider is failing or limiting us (429, 5xx): worth asking again later. */
  | 'status'
  | 'timeout'
  | 'network';

export type PreviewResult =
  | {
      kind: 'preview';
      thumbnailUrl: string;
      title?: string;
      authorName?: string;
      /** The posting account's handle, without '@', where the platform's answer names it. */
      authorHandle?: string;
    }
  | { kind: 'unavailable'; reason: PreviewUnavailableReason };

export interface PostPreviews {
  /**
   * The preview of the post at `postUrl` on `platform`. A TikTok short link is best resolved first: the
   * providers know a post by its own link.
   */
  previewUrl(postUrl: string, platform: CreatorPlatform): Promise<PreviewResult>;
}

/** What an adapter writes to the log; the app's pino logger fits. */
export type PreviewLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** The oEmbed endpoints and Instagram's app token, as POST_PREVIEWS=oembed configures them. */
export type OEmbedSettings = {
  /** Each provider's oEmbed endpoint, without its query. */
  endpoints: { tiktok: string; youtube: string; instagram: string };
  /** A Meta app token (`app-id|client-token`), without which Instagram is not asked. */
  instagramToken?: string | undefined;
};
