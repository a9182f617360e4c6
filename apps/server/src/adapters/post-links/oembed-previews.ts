import { LRUCache } from 'lru-cache';
import { parsePostLink, type CreatorPlatform } from '@platform/shared';
import {
  fetchText,
  isRecord,
  parseJson,
  ProviderTransportError,
  withoutSecrets,
  type ProviderReply,
} from '../http/provider-http';
import type {
  OEmbedSettings,
  PostPreviews,
  PreviewLogger,
  PreviewResult,
  PreviewUnavailableReason,
} from './post-previews';

export type OEmbedPreviewsOptions = OEmbedSettings & {
  /** Per request to a provider. */
  timeoutMs?: number;
  /** How many posts' answers are kept, and for how long. */
  cache?: { size?: number; ttlMs?: number; clock?: { now(): number } };
  logger?: PreviewLogger;
};

export const OEMBED_ENDPOINTS = {
  tiktok: 'https://www.tiktok.com/oembed',
  youtube: 'https://www.youtube.com/oembed',
  instagram: 'https://graph.facebook.com/v19.0/instagram_oembed',
} as const;

const DEFAULT_TIMEOUT_MS = 3_000;
const DEFAULT_CACHE_SIZE = 1_000;
/**
 * Short enough that a post taken down or a thumbnail moved is seen within the quarter hour, long enough
 * that a page of entry cards asked for again and again costs each provider one request per post.
 */
const DEFAULT_CACHE_TTL_MS = 15 * 60 * 1000;
/** The card shows a line or two; a TikTok caption can run to thousands of characters. */
const TITLE_MAX_LENGTH = 200;
const AUTHOR_MAX_LENGTH = 100;
const THUMBNAIL_URL_MAX_LENGTH = 2_048;

type OEmbedPlatform = 'TikTok' | 'Youtube' | 'Instagram';

const unavailable = (reason: PreviewUnavailableReason): PreviewResult => ({ kind: 'unavailable', reason });

/** Answers that stay true for a while: a preview, and a post the provider does not know. */
const isWorthKeeping = (result: PreviewResult) => result.kind === 'preview' || result.reason === 'not-found';

/** Provider text as the card may show it: one line, no control characters, cut to length. */
function shownText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/** Only an https thumbnail is passed on: the pages would refuse anything else, or show it insecurely. */
function httpsThumbnail(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > THUMBNAIL_URL_MAX_LENGTH) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A handle as platforms write it: letters, digits, dot, underscore and dash, up to 100 characters. */
const HANDLE = /^[\p{L}\p{N}._-]{1,100}$/u;

const handleIn = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const handle = value.trim().replace(/^@/, '');
  return HANDLE.test(handle) ? handle : undefined;
};

/** The handle in a profile link's path: `https://www.tiktok.com/@casey`, `https://www.youtube.com/@casey`. */
const handleInProfileLink = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  try {
    const segment = /^\/@([^/]+)\/?$/.exec(new URL(value).pathname)?.[1];
    return segment ? handleIn(decodeURIComponent(segment)) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The handle of the account that posted, where the platform says it: TikTok's `author_unique_id` (or its
 * profile link), YouTube's profile link when it is a handle (not a channel id), Instagram's `author_name`,
 * which is the account's username.
 */
function authorHandleOf(platform: OEmbedPlatform, body: Record<string, unknown>): string | undefined {
  if (platform === 'TikTok') return handleIn(body.author_unique_id) ?? handleInProfileLink(body.author_url);
  if (platform === 'Youtube') return handleInProfileLink(body.author_url);
  return handleIn(body.author_name);
}

function readOEmbed(platform: OEmbedPlatform, text: string): PreviewResult {
  const body = parseJson(text);
  if (!isRecord(body)) return unavailable('malformed');
  const thumbnailUrl = httpsThumbnail(body.thumbnail_url);
  if (!thumbnailUrl) return unavailable('no-thumbnail');
  const title = shownText(body.title, TITLE_MAX_LENGTH);
  const authorName = shownText(body.author_name, AUTHOR_MAX_LENGTH);
  const authorHandle = authorHandleOf(platform, body);
  return {
    kind: 'preview',
    thumbnailUrl,
    ...(title === undefined ? {} : { title }),
    ...(authorName === undefined ? {} : { authorName }),
    ...(authorHandle === undefined ? {} : { authorHandle }),
  };
}

/** Meta's word for an app token it will not take (Graph API error 190). */
function isRefusedToken(text: string): { message: string | undefined } | undefined {
  const body = parseJson(text);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (error?.code !== 190) return undefined;
  return { message: typeof error.message === 'string' ? error.message : undefined };
}

/**
 * Previews from each platform's oEmbed endpoint: TikTok's and YouTube's are open, Instagram's is Meta's
 * Graph API and needs an app token. Snapchat has none. Answers are kept by the post's canonical link.
 */
export function createOEmbedPreviews(options: OEmbedPreviewsOptions): PostPreviews {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? { error: () => {}, warn: () => {} };
  const token = options.instagramToken ?? '';
  const clock = options.cache?.clock;
  const kept = new LRUCache<string, PreviewResult>({
    max: options.cache?.size ?? DEFAULT_CACHE_SIZE,
    ttl: options.cache?.ttlMs ?? DEFAULT_CACHE_TTL_MS,
    // The cache reuses the time it last read for a millisecond of real time; a clock passed in is read afresh.
    ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
  });
  // A page of cards asks for the same post at once: one request answers them all.
  const asking = new Map<string, Promise<PreviewResult>>();

  function requestUrl(platform: OEmbedPlatform, postUrl: string): URL {
    const endpoint = {
      TikTok: options.endpoints.tiktok,
      Youtube: options.endpoints.youtube,
      Instagram: options.endpoints.instagram,
    }[platform];
    const url = new URL(endpoint);
    url.searchParams.set('url', postUrl);
    if (platform === 'Youtube') url.searchParams.set('format', 'json');
    if (platform === 'Instagram') url.searchParams.set('access_token', token);
    return url;
  }

  async function ask(platform: OEmbedPlatform, postUrl: string): Promise<PreviewResult> {
    let reply: ProviderReply;
    try {
      reply = await fetchText(requestUrl(platform, postUrl), {
        headers: { accept: 'application/json' },
        // A redirect would carry Instagram's app token to wherever it points.
        redirect: 'error',
        timeoutMs,
      });
    } catch (error) {
      if (error instanceof ProviderTransportError) return unavailable(error.kind);
      throw error;
    }
    if (reply.status === 200) return readOEmbed(platform, reply.text);
    if (reply.status === 404 || reply.status === 410) return unavailable('not-found');
    if (reply.status === 400 || reply.status === 401 || reply.status === 403) {
      const refusedToken = platform === 'Instagram' ? isRefusedToken(reply.text) : undefined;
      if (refusedToken) {
        logger.error(
          {
            provider: 'instagram-oembed',
            status: reply.status,
            ...(refusedToken.message ? { said: withoutSecrets(refusedToken.message, [token]) } : {}),
          },
          'Instagram refused INSTAGRAM_OEMBED_TOKEN: check the Meta app token (app-id|client-token)',
        );
      }
      return unavailable('refused');
    }
    return unavailable('status');
  }

  return {
    async previewUrl(postUrl: string, platform: CreatorPlatform) {
      const post = parsePostLink(postUrl);
      if (!post || post.platform !== platform) return unavailable('not-a-post');
      if (post.platform === 'Snapchat') return unavailable('unsupported');
      if (post.platform === 'Instagram' && !token) return unavailable('not-configured');

      const known = kept.get(post.url);
      if (known) return known;
      const pending = asking.get(post.url);
      if (pending) return pending;
      const answer = ask(post.platform, post.url)
        .then((result) => {
          if (isWorthKeeping(result)) kept.set(post.url, result);
          return result;
        })
        .finally(() => asking.delete(post.url));
      asking.set(post.url, answer);
      return answer;
    },
  };
}
