import { systemClock, type Clock } from '../../clock';
import {
  fetchText,
  isRecord,
  parseJson,
  retryAfterSeconds,
  withoutSecrets,
  type ProviderReply,
} from '../http/provider-http';
import {
  countIn,
  inBatches,
  loggableText,
  postsById,
  transportFailureReading,
  unavailableReading,
} from './metrics-readings';
import type { MetricsLogger, MetricsReading, MetricsSource, PostToMeasure } from './metrics-source';

// TikTok API for Business v1.3, "Get profile data / video list of a TikTok account"
// (GET /open_api/v1.3/business/video/list/): "Get reach and engagement data for a business account's organic
// posts." It is called with the `Access-Token` a TikTok account granted our app and that account's
// `business_id` ("application specific unique identifier for the TikTok account"), `fields` as a JSON
// list, and `filters` as `{"video_ids": [...]}`, at most 20. It answers HTTP 200 with a return code:
// `{ code: 0, message: "OK", request_id, data: { videos: [{ item_id, video_views, likes, comments,
// shares }], has_more, cursor } }`, or a non-zero code and a message.
//
// It reads only the videos of the account that granted the token: another creator's video is not among
// `videos`, and is answered `not-found`, as is a deleted one.

export const TIKTOK_BUSINESS_API_URL = 'https://business-api.tiktok.com';
export const TIKTOK_VIDEOS_PER_CALL = 20;
const VIDEO_LIST_PATH = '/open_api/v1.3/business/video/list/';
const FIELDS = ['item_id', 'video_views', 'likes', 'comments', 'shares'];

const DEFAULT_TIMEOUT_MS = 5_000;
const PROVIDER = 'tiktok-business';

/** TikTok's return code for too many requests in too short a time. */
const TOO_MANY_REQUESTS = 40100;
/** Its codes for a request it would not take: no permission, and a parameter it refused. */
const REFUSED_REQUEST = new Set([40001, 40002]);
/** Its 401xx codes (above 40100) are the access token's: empty, expired, incorrect or revoked. */
const isTokenCode = (code: number) => code > TOO_MANY_REQUESTS && code < 40200;

export type TikTokBusinessOptions = {
  /** Where TikTok's API for Business is served, without a path: https://business-api.tiktok.com, or a fake. */
  baseUrl: string;
  accessToken: string;
  businessId: string;
  timeoutMs?: number;
  clock?: Clock;
  logger?: MetricsLogger;
};

const NOT_FOUND = unavailableReading('not-found');

/** Each listed video's figures, by its id. */
function readingsOfVideos(videos: readonly unknown[], readAt: Date): Map<string, MetricsReading> {
  const found = new Map<string, MetricsReading>();
  for (const video of videos) {
    if (!isRecord(video) || typeof video.item_id !== 'string') continue;
    found.set(video.item_id, {
      kind: 'metrics',
      metrics: {
        views: countIn(video.video_views),
        likes: countIn(video.likes),
        comments: countIn(video.comments),
        shares: countIn(video.shares),
      },
      source: PROVIDER,
      readAt,
    });
  }
  return found;
}

/**
 * Views, likes, comments and shares of the configured TikTok account's videos, 20 a call. A TikTok short
 * link is answered `unsupported`: it names its video only once resolved (ADR 017).
 */
export function createTikTokBusinessMetrics(options: TikTokBusinessOptions): MetricsSource {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? { error: () => {}, warn: () => {} };
  const secrets = [options.accessToken];

  function readRefusal(code: number, message: unknown): MetricsReading {
    if (code === TOO_MANY_REQUESTS) return unavailableReading('rate-limited');
    const said = loggableText(message);
    const details = { provider: PROVIDER, code, ...(said ? { said: withoutSecrets(said, secrets) } : {}) };
    if (isTokenCode(code)) {
      logger.error(
        details,
        'TikTok refused TIKTOK_BUSINESS_TOKEN: the account must grant the app access again',
      );
    } else if (REFUSED_REQUEST.has(code)) {
      logger.error(
        details,
        'TikTok refused the video list: check TIKTOK_BUSINESS_ID and the scopes the account granted',
      );
    }
    return unavailableReading('status');
  }

  async function readBatch(
    ids: readonly string[],
  ): Promise<{ found: Map<string, MetricsReading> } | { failed: MetricsReading }> {
    const url = new URL(`${baseUrl}${VIDEO_LIST_PATH}`);
    url.searchParams.set('business_id', options.businessId);
    url.searchParams.set('fields', JSON.stringify(FIELDS));
    url.searchParams.set('filters', JSON.stringify({ video_ids: ids }));
    url.searchParams.set('max_count', String(TIKTOK_VIDEOS_PER_CALL));
    let reply: ProviderReply;
    try {
      reply = await fetchText(url, {
        headers: { 'Access-Token': options.accessToken, accept: 'application/json' },
        // A redirect would carry the token's header to wherever it points.
        redirect: 'error',
        timeoutMs,
      });
    } catch (error) {
      return { failed: transportFailureReading(error) };
    }
    const wait = retryAfterSeconds(reply.headers.get('retry-after'), clock.now().getTime());
    if (reply.status === 429) return { failed: unavailableReading('rate-limited', wait) };
    if (reply.status !== 200) return { failed: unavailableReading('status', wait) };

    const body = parseJson(reply.text);
    if (!isRecord(body) || typeof body.code !== 'number') return { failed: unavailableReading('malformed') };
    if (body.code !== 0) return { failed: readRefusal(body.code, body.message) };
    const videos = isRecord(body.data) ? body.data.videos : undefined;
    if (!Array.isArray(videos)) return { failed: unavailableReading('malformed') };
    return { found: readingsOfVideos(videos, clock.now()) };
  }

  return {
    name: PROVIDER,
    async read(posts: readonly PostToMeasure[]) {
      const asked = postsById(posts, 'TikTok');
      const readings = new Map<string, MetricsReading>();
      // Once TikTok asks us to slow down, the calls after it in this read are not made.
      let limited: MetricsReading | undefined;
      for (const batch of inBatches(asked.ids, TIKTOK_VIDEOS_PER_CALL)) {
        const answer = limited ? { failed: limited } : await readBatch(batch);
        if (
          'failed' in answer &&
          answer.failed.kind === 'unavailable' &&
          answer.failed.reason === 'rate-limited'
        ) {
          limited = answer.failed;
        }
        for (const id of batch) {
          readings.set(id, 'failed' in answer ? answer.failed : (answer.found.get(id) ?? NOT_FOUND));
        }
      }
      return asked.answer((id) => readings.get(id) ?? NOT_FOUND);
    },
  };
}
