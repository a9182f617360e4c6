// The port through which an entry's post is checked against its campaign: when the platform says it was
// published, and which account published it (by the platform's immutable account id where it gives one,
// not only by handle). Every way of not knowing is an answer with a reason, never an exception and never a
// made-up fact: a field the platform did not give is undefined.

import { parsePostLink, postIdentity, type MarketingPlatform } from '@platform/shared';

export type PostFactsQuery = {
  platform: MarketingPlatform;
  /**
   * The post's id on its platform, as the shared post-link rule reads it: a YouTube video id
   * ('dQw4w9WgXcQ'), a TikTok video id ('7301234567890123456'), an Instagram shortcode ('C1a2b3c4d5e').
   * The entry's `postIdentity` ('Youtube:dQw4w9WgXcQ') is taken as well. A TikTok short link's identity
   * names no video and is answered 'unsupported': resolve the link first.
   */
  postId: string;
  /** The post's link, as entered or resolved; for log lines and for the platforms that match on links. */
  postUrl: string;
  /** The creator's own OAuth access token for the platform, when they connected their account. */
  accessToken?: string | undefined;
  /**
   * The platform's id of the creator's connected account, when it was kept at connection: Instagram's
   * IG user id saves a call to find it from the token.
   */
  accountId?: string | undefined;
};

export type PostFactsUnknownReason =
  /** No key or token to ask with: nothing was asked. */
  | 'not-configured'
  /** Not a post this reader can ask about (a TikTok short link, another platform's post). */
  | 'unsupported'
  /** The platform knows no such post, or none among what the token's account posted. */
  | 'not-found'
  /** The platform refused our key or the creator's token (expired, revoked, a scope not granted). */
  | 'refused'
  /** The platform is failing or limiting us (429, 5xx, a quota): worth asking again later. */
  | 'status'
  | 'timeout'
  | 'network'
  /** The answer was not the platform's document (a proxy's HTML page, say). */
  | 'malformed';

export type PostFacts =
  | {
      kind: 'facts';
      /** When the platform says the post was published; undefined where it did not say. */
      publishedAt: Date | undefined;
      /** The platform's immutable id of the posting account (channel id, open_id, IG user id). */
      authorAccountId: string | undefined;
      /** The posting account's handle or name today, without '@'; it can change, the id cannot. */
      authorHandle: string | undefined;
      /** Which API answered: 'youtube-data-api', 'tiktok-display-api', 'instagram-graph'. */
      source: string;
    }
  | { kind: 'unknown'; reason: PostFactsUnknownReason };

export interface PostFactsReader {
  factsOf(query: PostFactsQuery): Promise<PostFacts>;
}

/** What an adapter writes to the log; the app's pino logger fits. */
export type PostFactsLogger = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/**
 * The query for a post's link, through the shared rule that gives entries their `postIdentity`; undefined
 * for a link that is not a post of YouTube, TikTok or Instagram.
 */
export function postFactsQuery(
  postUrl: string,
  creator: { accessToken?: string | undefined; accountId?: string | undefined } = {},
): PostFactsQuery | undefined {
  const link = parsePostLink(postUrl);
  const identity = postIdentity(postUrl);
  if (!link || !identity || link.platform === 'Snapchat') return undefined;
  return {
    platform: link.platform,
    postId: identity.slice(`${link.platform}:`.length),
    postUrl: link.url,
    ...(creator.accessToken === undefined ? {} : { accessToken: creator.accessToken }),
    ...(creator.accountId === undefined ? {} : { accountId: creator.accountId }),
  };
}
