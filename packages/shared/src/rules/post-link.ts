import { PLATFORM_LABELS, type CreatorPlatform } from '../vocabulary/platforms';
import { requiredString } from './common';
import { LINK_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { campaignPlatformMessage, maxLengthMessage } from './messages';

export type PostLink =
  | { platform: 'TikTok'; kind: 'video' | 'photo' | 'short'; url: string }
  | { platform: 'Instagram'; kind: 'post' | 'reel' | 'tv'; url: string }
  | { platform: 'Youtube'; kind: 'watch' | 'shorts' | 'embed' | 'short'; url: string }
  | { platform: 'Snapchat'; kind: 'spotlight'; url: string };
export type PostLinkPlatform = PostLink['platform'];
export type PostLinkKind = PostLink['kind'];

interface LinkParts {
  host: string;
  path: string;
  query: [key: string, value: string][];
}

/** Query parameters that only say who shared a link and how; they never change which post it is. */
const TRACKING_PARAMETERS = new Set([
  'igsh',
  'igshid',
  'si',
  'feature',
  'is_from_webapp',
  'sender_device',
  '_r',
  '_t',
  'fbclid',
  'gclid',
]);

const isTrackingParameter = (key: string) => {
  const name = key.toLowerCase();
  return name.startsWith('utm_') || TRACKING_PARAMETERS.has(name);
};

const NOT_IN_A_LINK = /[\s\\<>"`\p{Cc}]/u;
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
// Only a host name and a default port: user info ('tiktok.com@evil.example'), IP tricks and
// percent-encoded hosts are never a platform's link.
const AUTHORITY = /^([a-z0-9.-]+)(?::(80|443))?$/i;

/** Splits an http(s) link, with or without its scheme, into lower-cased host, path and query. */
function splitLink(input: string): LinkParts | null {
  const link = input.trim();
  if (link === '' || link.length > LINK_MAX_LENGTH || NOT_IN_A_LINK.test(link)) return null;
  let rest: string;
  const scheme = SCHEME.exec(link);
  if (scheme) {
    if (!/^https?$/i.test(scheme[1] ?? '')) return null;
    rest = link.slice(scheme[0].length);
  } else if (link.startsWith('//')) {
    rest = link.slice(2);
  } else if (OTHER_SCHEME.test(link)) {
    return null;
  } else {
    rest = link;
  }
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const hostMatch = AUTHORITY.exec(authority);
  if (!hostMatch) return null;
  const remainder = (authorityEnd === -1 ? '' : rest.slice(authorityEnd)).replace(/#.*$/, '');
  const queryStart = remainder.indexOf('?');
  const rawPath = queryStart === -1 ? remainder : remainder.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : remainder.slice(queryStart + 1);
  const path = rawPath.length > 1 ? rawPath.replace(/\/$/, '') : '/';
  const query = rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair): [string, string] => {
      const equals = pair.indexOf('=');
      return equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    })
    .filter(([key]) => !isTrackingParameter(key));
  return { host: (hostMatch[1] ?? '').toLowerCase(), path, query };
}

const serialise = (host: string, path: string, query: LinkParts['query']) => {
  const search = query.map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join('&');
  return `https://${host}${path}${search ? `?${search}` : ''}`;
};

interface RecognisedPost {
  link: PostLink;
  /** Identifies the post itself, whatever form of its link was used. */
  identity: string;
  /** The handle of the account the link itself names, where it names one by its handle. */
  account?: string;
}

type Recogniser = (parts: LinkParts) => RecognisedPost | null;

const TIKTOK_HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);
const TIKTOK_SHORT_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);
// The user segment is a username or the account's secUid ('MS4wLjAB…'), the permanent account id that some
// shared links carry instead of the username. A post is identified by its video id alone, whichever way the
// link names its account. A username is the account the link names; a secUid is not a handle anyone types and
// does not say which username the account has today, so a link that carries one names no handle. A profile
// link is not a post, whatever form its id takes.
const TIKTOK_SEC_UID = /^MS4wLjAB[A-Za-z0-9_-]{16,200}$/;
const TIKTOK_USER_POST =
  /^\/@([A-Za-z0-9._]{1,24}|MS4wLjAB[A-Za-z0-9_-]{16,200})\/(video|photo)\/(\d{1,30})$/;
const TIKTOK_LEGACY_VIDEO = /^\/(?:v|embed|embed\/v2)\/(\d{1,30})(?:\.html)?$/;
const TIKTOK_SHARED_VIDEO = /^\/share\/video\/(\d{1,30})$/;
const TIKTOK_SHORT_PATH = /^\/t\/([A-Za-z0-9]{1,32})$/;
const TIKTOK_SHORT_HOST_PATH = /^\/([A-Za-z0-9]{1,32})$/;

const recogniseTikTok: Recogniser = ({ host, path, query }) => {
  const tiktok = (
    kind: 'video' | 'photo' | 'short',
    identity: string,
    canonicalHost: string,
    account?: string,
  ): RecognisedPost => ({
    link: { platform: 'TikTok' as const, kind, url: serialise(canonicalHost, path, query) },
    identity: `TikTok:${identity}`,
    ...(account === undefined ? {} : { account }),
  });
  if (TIKTOK_SHORT_HOSTS.has(host)) {
    const code = TIKTOK_SHORT_HOST_PATH.exec(path)?.[1];
    return code ? tiktok('short', `${host}/${code}`, host) : null;
  }
  if (!TIKTOK_HOSTS.has(host)) return null;
  const userPost = TIKTOK_USER_POST.exec(path);
  if (userPost) {
    const [, user = '', kind, videoId = ''] = userPost;
    const account = TIKTOK_SEC_UID.test(user) ? undefined : user;
    return tiktok(kind === 'photo' ? 'photo' : 'video', videoId, 'www.tiktok.com', account);
  }
  const videoId = TIKTOK_LEGACY_VIDEO.exec(path)?.[1] ?? TIKTOK_SHARED_VIDEO.exec(path)?.[1];
  if (videoId) return tiktok('video', videoId, 'www.tiktok.com');
  const shortCode = TIKTOK_SHORT_PATH.exec(path)?.[1];
  return shortCode ? tiktok('short', `www.tiktok.com/t/${shortCode}`, 'www.tiktok.com') : null;
};

const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com', 'm.instagram.com', 'instagr.am']);
// Instagram's own links put the posting account's username before the post when they name it
// (instagram.com/<username>/reel/<code>).
const INSTAGRAM_POST = /^(?:\/([A-Za-z0-9._]{1,30}))?\/(p|reels?|tv)\/([A-Za-z0-9_-]{1,64})$/;
const INSTAGRAM_KINDS = { p: 'post', reel: 'reel', reels: 'reel', tv: 'tv' } as const;

const recogniseInstagram: Recogniser = ({ host, path, query }) => {
  if (!INSTAGRAM_HOSTS.has(host)) return null;
  const post = INSTAGRAM_POST.exec(path);
  if (!post) return null;
  const [, account, kindInPath, code] = post;
  const kind = INSTAGRAM_KINDS[kindInPath as keyof typeof INSTAGRAM_KINDS];
  return {
    link: { platform: 'Instagram', kind, url: serialise('www.instagram.com', path, query) },
    identity: `Instagram:${code}`,
    ...(account === undefined ? {} : { account }),
  };
};

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_MUSIC_HOST = 'music.youtube.com';
const YOUTUBE_NO_COOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_SHORT_HOST = 'youtu.be';
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_SHORTS_PATH = /^\/shorts\/([A-Za-z0-9_-]{11})$/;
const YOUTUBE_EMBED_PATH = /^\/embed\/([A-Za-z0-9_-]{11})$/;
const YOUTUBE_SHORT_HOST_PATH = /^\/([A-Za-z0-9_-]{11})$/;

const recogniseYoutube: Recogniser = ({ host, path, query }) => {
  const youtube = (kind: 'watch' | 'shorts' | 'embed' | 'short', videoId: string, canonicalHost: string) => ({
    link: { platform: 'Youtube' as const, kind, url: serialise(canonicalHost, path, query) },
    identity: `Youtube:${videoId}`,
  });
  const isWatchHost = YOUTUBE_HOSTS.has(host) || host === YOUTUBE_MUSIC_HOST;
  if (isWatchHost && path === '/watch') {
    const videoId = query.find(([key]) => key === 'v')?.[1] ?? '';
    const canonicalHost = host === YOUTUBE_MUSIC_HOST ? host : 'www.youtube.com';
    return YOUTUBE_VIDEO_ID.test(videoId) ? youtube('watch', videoId, canonicalHost) : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    const shorts = YOUTUBE_SHORTS_PATH.exec(path)?.[1];
    if (shorts) return youtube('shorts', shorts, 'www.youtube.com');
    const embed = YOUTUBE_EMBED_PATH.exec(path)?.[1];
    return embed ? youtube('embed', embed, 'www.youtube.com') : null;
  }
  if (YOUTUBE_NO_COOKIE_HOSTS.has(host)) {
    const embed = YOUTUBE_EMBED_PATH.exec(path)?.[1];
    return embed ? youtube('embed', embed, 'www.youtube-nocookie.com') : null;
  }
  if (host === YOUTUBE_SHORT_HOST) {
    const videoId = YOUTUBE_SHORT_HOST_PATH.exec(path)?.[1];
    return videoId ? youtube('short', videoId, host) : null;
  }
  return null;
};

const SNAPCHAT_HOSTS = new Set(['snapchat.com', 'www.snapchat.com']);
const SNAPCHAT_SPOTLIGHT = /^(?:\/@([A-Za-z0-9._-]{1,30}))?\/spotlight\/([A-Za-z0-9_-]{1,256})$/;

const recogniseSnapchat: Recogniser = ({ host, path, query }) => {
  if (!SNAPCHAT_HOSTS.has(host)) return null;
  const [, account, spotlight] = SNAPCHAT_SPOTLIGHT.exec(path) ?? [];
  if (!spotlight) return null;
  return {
    link: { platform: 'Snapchat', kind: 'spotlight', url: serialise('www.snapchat.com', path, query) },
    identity: `Snapchat:${spotlight}`,
    ...(account === undefined ? {} : { account }),
  };
};

const RECOGNISERS = [recogniseTikTok, recogniseInstagram, recogniseYoutube, recogniseSnapchat];

function recognisePost(input: string): RecognisedPost | null {
  const parts = splitLink(input);
  if (!parts) return null;
  for (const recognise of RECOGNISERS) {
    const post = recognise(parts);
    if (post) return post;
  }
  return null;
}

/**
 * The platform and kind of a post link, with the link normalised (https, the platform's main host, no
 * tracking parameters, no fragment, no trailing slash); null for anything that is not a single post:
 * profiles, channels, playlists, hashtags, other or look-alike hosts, other schemes, links over 2,000
 * characters.
 */
export function parsePostLink(url: string): PostLink | null {
  return recognisePost(url)?.link ?? null;
}

/**
 * What identifies the post a link names, whatever form of its link was used ('TikTok:7301234567890'):
 * the key under which a post can be entered once. Null for anything that is not a recognised post.
 */
export function postIdentity(url: string): string | null {
  return recognisePost(url)?.identity ?? null;
}

/**
 * The handle of the account a post's link itself names: TikTok's `/@<username>/video/…` and `/photo/…`,
 * Instagram's `/<username>/reel/…` (and `/p/`, `/tv/`), Snapchat's `/@<username>/spotlight/…`. Null where the
 * link names none: YouTube's post links never do, TikTok's short links only once followed, and a TikTok link
 * that carries the account's secUid names no handle. What the link says is what its sharer wrote; the platform
 * itself serves the post whatever name is put before it.
 */
export function postLinkAccount(url: string): string | null {
  return recognisePost(url)?.account ?? null;
}

/** Whether two handles name one account: platforms ignore case, and people type a leading `@`. */
export function sameHandle(a: string, b: string): boolean {
  const key = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();
  return key(a) !== '' && key(a) === key(b);
}

/** Any http(s) link reduced to what identifies its page, for links that are not recognised posts. */
function comparableLink(input: string): string | null {
  const parts = splitLink(input);
  if (!parts) return null;
  const host = parts.host.replace(/^(?:www|m)\./, '');
  const query = [...parts.query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return serialise(host, parts.path, query);
}

/**
 * Whether two links point at the same post. Posts compare by their platform's id (so youtu.be/X equals
 * youtube.com/watch?v=X and instagram.com/p/X equals instagram.com/user/reel/X); other links compare
 * without scheme, www./m., trailing slash, tracking parameters and fragment. TikTok short links
 * (vm.tiktok.com/…, vt.tiktok.com/… and tiktok.com/t/…, all of kind 'short') are compared as written:
 * resolving them takes a network call, so a short link never equals the video it leads to here.
 */
export function samePostLink(a: string, b: string): boolean {
  const postA = recognisePost(a);
  const postB = recognisePost(b);
  if (postA || postB) return postA?.identity === postB?.identity;
  const linkA = comparableLink(a);
  return linkA !== null && linkA === comparableLink(b);
}

export function isPostLinkFor(platform: CreatorPlatform, url: string): boolean {
  return parsePostLink(url)?.platform === platform;
}

/** The entry form's post link: required, at most 255 characters, a post on the campaign's platform. */
export function campaignLinkSchema(platform: CreatorPlatform) {
  return requiredString()
    .max(URL_MAX_LENGTH, { error: maxLengthMessage(URL_MAX_LENGTH), abort: true })
    .refine((link) => isPostLinkFor(platform, link), {
      error: campaignPlatformMessage(PLATFORM_LABELS[platform]),
    });
}
