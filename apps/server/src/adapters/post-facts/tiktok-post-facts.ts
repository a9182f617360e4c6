import { fetchText, isRecord, parseJson, withoutSecrets, type ProviderReply } from '../http/provider-http';
import { loggableText } from '../metrics/metrics-readings';
import type { PostFacts, PostFactsLogger, PostFactsQuery, PostFactsReader } from './post-facts';
import {
  isPassingFailure,
  platformIdOf,
  SILENT_LOGGER,
  textOf,
  transportFailureFacts,
  unixSecondsOf,
  unknownFacts,
} from './post-facts-replies';

// TikTok Display API v2, with the access token the creator granted our app through Login Kit (scopes
// `video.list`, `user.info.basic` and `user.info.profile`).
//
// "POST /v2/video/query/: get the metadata of a TikTok user's videos filtered by video id", with `fields` in
// the query and `{"filters": {"video_ids": [...]}}` as the body. It lists only videos of the user who granted
// the token; each has `id` and `create_time`, "UTC Unix epoch (in seconds) of when the TikTok video was
// posted". The video object names no author: the author is the token's own user, so a video that is found
// is theirs, and one that is not (another creator's, or deleted) is 'not-found'.
//
// The author's id is then "GET /v2/user/info/" with `fields=open_id,username`: `open_id` is the user's id
// for our app, the id Login Kit returned when the account was connected, and never changes; `username` is
// the handle today (`user.info.profile`).
//
// Both answer `{ data, error: { code, message, log_id } }`, `code` being 'ok' or a word with its HTTP status:
// `access_token_invalid` and `scope_not_authorized` (401), `rate_limit_exceeded` (429), `invalid_params`
// (400), `internal_error` (500) (TikTok's "Error handling" page).
//
// Without the creator's token nothing is asked: the Research API's video query would name the author
// without it, but it needs research credentials and a creation-date window of at most 30 days to look in.

export const TIKTOK_DISPLAY_API_URL = 'https://open.tiktokapis.com';
const TIKTOK_VIDEO_ID = /^\d{1,30}$/;
const VIDEO_FIELDS = 'id,create_time,share_url';
const USER_FIELDS = 'open_id,username';
const DEFAULT_TIMEOUT_MS = 5_000;
const SOURCE = 'tiktok-display-api';

/** The creator's token will not do: expired, revoked, or a scope not granted. They must connect again. */
const TOKEN_REFUSALS = new Set(['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed']);

export type TikTokPostFactsOptions = {
  /** Where TikTok's Display API is served, without a path: https://open.tiktokapis.com, or a fake. */
  baseUrl: string;
  /** Per request. */
  timeoutMs?: number;
  logger?: PostFactsLogger;
};

type TikTokAnswer = { ok: true; data: Record<string, unknown> } | { ok: false; facts: PostFacts };

/** The video's facts, once the token's user is known to be its author. */
function factsOfVideo(video: Record<string, unknown>, user: Record<string, unknown>): PostFacts {
  return {
    kind: 'facts',
    publishedAt: unixSecondsOf(video.create_time),
    authorAccountId: textOf(user.open_id),
    authorHandle: textOf(user.username),
    source: SOURCE,
  };
}

/**
 * When a TikTok video was published, and its author's open_id and username, with the creator's own token:
 * two calls, the video first.
 */
export function createTikTokPostFacts(options: TikTokPostFactsOptions): PostFactsReader {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? SILENT_LOGGER;

  function readFailure(reply: ProviderReply, code: string | undefined, token: string): PostFacts {
    const body = parseJson(reply.text);
    const said = loggableText(isRecord(body) && isRecord(body.error) ? body.error.message : undefined);
    const details = {
      provider: SOURCE,
      status: reply.status,
      ...(code ? { code } : {}),
      ...(said ? { said: withoutSecrets(said, [token]) } : {}),
    };
    if (code === 'rate_limit_exceeded' || isPassingFailure(reply.status)) {
      logger.warn(details, 'TikTok is limiting or failing: publish dates are not known until it answers');
      return unknownFacts('status');
    }
    if (reply.status === 401 || reply.status === 403 || (code !== undefined && TOKEN_REFUSALS.has(code))) {
      logger.warn(
        details,
        "TikTok refused the creator's token: they must connect their TikTok account again",
      );
      return unknownFacts('refused');
    }
    if (reply.status === 404) return unknownFacts('not-found');
    logger.error(details, 'TikTok refused a Display API request');
    return unknownFacts('status');
  }

  async function askTikTok(path: string, token: string, init: RequestInit): Promise<TikTokAnswer> {
    let reply: ProviderReply;
    try {
      reply = await fetchText(`${baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${token}`, accept: 'application/json' },
        // A redirect would carry the token's header to wherever it points.
        redirect: 'error',
        timeoutMs,
      });
    } catch (error) {
      return { ok: false, facts: transportFailureFacts(error) };
    }
    const body = parseJson(reply.text);
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    const code = typeof error?.code === 'string' ? error.code : undefined;
    if (reply.status !== 200 || (code !== undefined && code !== 'ok')) {
      return { ok: false, facts: readFailure(reply, code, token) };
    }
    if (!isRecord(body) || !isRecord(body.data)) return { ok: false, facts: unknownFacts('malformed') };
    return { ok: true, data: body.data };
  }

  return {
    async factsOf(query: PostFactsQuery) {
      const videoId = query.platform === 'TikTok' ? platformIdOf(query, TIKTOK_VIDEO_ID) : undefined;
      if (videoId === undefined) return unknownFacts('unsupported');
      const token = query.accessToken;
      if (!token) return unknownFacts('not-configured');

      const videos = await askTikTok(`/v2/video/query/?fields=${VIDEO_FIELDS}`, token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { video_ids: [videoId] } }),
      });
      if (!videos.ok) return videos.facts;
      if (!Array.isArray(videos.data.videos)) return unknownFacts('malformed');
      const video = (videos.data.videos as unknown[]).find(
        (item): item is Record<string, unknown> => isRecord(item) && textOf(item.id) === videoId,
      );
      if (video === undefined) return unknownFacts('not-found');

      const user = await askTikTok(`/v2/user/info/?fields=${USER_FIELDS}`, token, { method: 'GET' });
      if (!user.ok) return user.facts;
      return isRecord(user.data.user) ? factsOfVideo(video, user.data.user) : unknownFacts('malformed');
    },
  };
}
