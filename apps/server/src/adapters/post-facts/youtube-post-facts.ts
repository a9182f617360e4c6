import { fetchText, isRecord, parseJson, withoutSecrets, type ProviderReply } from '../http/provider-http';
import { loggableText } from '../metrics/metrics-readings';
import type { PostFacts, PostFactsLogger, PostFactsQuery, PostFactsReader } from './post-facts';
import {
  instantOf,
  isPassingFailure,
  platformIdOf,
  SILENT_LOGGER,
  textOf,
  transportFailureFacts,
  unknownFacts,
} from './post-facts-replies';

// YouTube Data API v3, `videos.list` with `part=snippet` (GET /youtube/v3/videos). Each video's snippet has
// `publishedAt`, "the date and time that the video was published", in ISO 8601 (RFC 3339, UTC:
// '2009-10-25T06:57:33Z'; for a video uploaded private and made public later, when it was made public);
// `channelId`, "the ID that YouTube uses to uniquely identify the channel that the video was uploaded to",
// which never changes; and `channelTitle`, the channel's name today. An API key reads public and unlisted
// videos: a private or deleted one is simply not among `items`, which is 'not-found'.

export const YOUTUBE_POST_FACTS_URL = 'https://www.googleapis.com';
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const DEFAULT_TIMEOUT_MS = 5_000;
const SOURCE = 'youtube-data-api';

/** Google's reasons for a spent quota or too many requests: not our key's fault, worth asking later. */
const PASSING_REASONS = new Set([
  'quotaExceeded',
  'dailyLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
]);

export type YouTubePostFactsOptions = {
  /** Where Google's APIs are served, without a path: https://www.googleapis.com, or a fake. */
  baseUrl: string;
  /** YOUTUBE_API_KEY: a key reads any public video, whoever posted it. */
  apiKey: string;
  /** Per request. */
  timeoutMs?: number;
  logger?: PostFactsLogger;
};

/** Google's error document: `{ error: { code, message, errors: [{ reason, domain, message }] } }`. */
function googleError(text: string): { reasons: string[]; message: string | undefined } {
  const body = parseJson(text);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const errors: unknown[] = Array.isArray(error?.errors) ? (error.errors as unknown[]) : [];
  const reasons = errors
    .map((entry) => (isRecord(entry) && typeof entry.reason === 'string' ? entry.reason : undefined))
    .filter((reason): reason is string => reason !== undefined && /^[A-Za-z_.-]{1,64}$/.test(reason));
  return { reasons, message: loggableText(error?.message) };
}

/** A video's facts from its snippet; a field YouTube left out, or wrote in another form, is undefined. */
function factsOfSnippet(snippet: Record<string, unknown>): PostFacts {
  return {
    kind: 'facts',
    publishedAt: instantOf(snippet.publishedAt),
    authorAccountId: textOf(snippet.channelId),
    authorHandle: textOf(snippet.channelTitle),
    source: SOURCE,
  };
}

/** When a YouTube video was published and on which channel, with the install's API key. */
export function createYouTubePostFacts(options: YouTubePostFactsOptions): PostFactsReader {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const logger = options.logger ?? SILENT_LOGGER;
  const secrets = [options.apiKey];

  function readFailure(reply: ProviderReply): PostFacts {
    const { reasons, message } = googleError(reply.text);
    if (isPassingFailure(reply.status) || reasons.some((reason) => PASSING_REASONS.has(reason))) {
      logger.warn(
        { provider: SOURCE, status: reply.status, reasons },
        'YouTube Data API is limiting or failing: publish dates are not known until it answers',
      );
      return unknownFacts('status');
    }
    if (reply.status === 404) return unknownFacts('not-found');
    logger.error(
      {
        provider: SOURCE,
        status: reply.status,
        reasons,
        ...(message ? { said: withoutSecrets(message, secrets) } : {}),
      },
      'YouTube refused the request: check YOUTUBE_API_KEY, and that the YouTube Data API v3 is enabled ' +
        'for its project',
    );
    return unknownFacts(
      reply.status === 400 || reply.status === 401 || reply.status === 403 ? 'refused' : 'status',
    );
  }

  return {
    async factsOf(query: PostFactsQuery) {
      const videoId = query.platform === 'Youtube' ? platformIdOf(query, YOUTUBE_VIDEO_ID) : undefined;
      if (videoId === undefined) return unknownFacts('unsupported');
      const url = `${baseUrl}/youtube/v3/videos?part=snippet&id=${videoId}&key=${encodeURIComponent(options.apiKey)}`;
      let reply: ProviderReply;
      try {
        // A redirect would carry the key in its query to wherever it points.
        reply = await fetchText(url, {
          headers: { accept: 'application/json' },
          redirect: 'error',
          timeoutMs,
        });
      } catch (error) {
        return transportFailureFacts(error);
      }
      if (reply.status !== 200) return readFailure(reply);
      const body = parseJson(reply.text);
      const items = isRecord(body)
        ? (body.items ?? (body.kind === 'youtube#videoListResponse' ? [] : undefined))
        : undefined;
      if (!Array.isArray(items)) return unknownFacts('malformed');
      const video = (items as unknown[]).find((item) => isRecord(item) && item.id === videoId);
      if (video === undefined) return unknownFacts('not-found');
      return isRecord(video) && isRecord(video.snippet)
        ? factsOfSnippet(video.snippet)
        : unknownFacts('malformed');
    },
  };
}
