import { LRUCache } from 'lru-cache';
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
  loggableText,
  postsById,
  transportFailureReading,
  unavailableReading,
} from './metrics-readings';
import type { MetricsLogger, MetricsReading, MetricsSource, PostToMeasure } from './metrics-source';

// Instagram API with Instagram Login (graph.instagram.com), with the access token of a professional account
// (business or creator) that granted `instagram_business_basic` and `instagram_business_manage_insights`.
//
// A post's link names it by its shortcode, while the API knows media by id. The id is found through the
// account's own media edge, "GET /me/media: a collection of IG Media objects on an IG User", asking for
// each object's `id` and `shortcode` ("shortcode used in the media's permalink") and paging with the `after`
// cursor. Only the account's own posts are there, and only they have insights: another account's post is
// `not-found`. Ids never change, so each one found is kept.
//
// Then "GET /{ig-media-id}/insights: social interaction metrics on an IG Media object", with
// `metric=views,likes,comments,shares`, answers `{ data: [{ name, period, values: [{ value }] }] }`.
// A metric the media does not count is left out of `data`, and is null.

export const INSTAGRAM_GRAPH_API_URL = 'https://graph.instagram.com/v22.0';
const METRICS = ['views', 'likes', 'comments', 'shares'] as const;
/** The most the media edge gives in one page. */
const MEDIA_PAGE_SIZE = 100;
/** Posts older than the account's newest thousand are not looked for: one call each would find them too late. */
const MEDIA_PAGES_SEARCHED = 10;
const MEDIA_IDS_KEPT = 10_000;

const DEFAULT_TIMEOUT_MS = 5_000;
const PROVIDER = 'instagram-graph';

/** Graph API error codes: an access token it will not take, and its rate limits (app, user, page, API). */
const TOKEN_REFUSED = 190;
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** "Object does not exist, cannot be loaded due to missing permissions, or does not support this operation." */
const NO_SUCH_OBJECT = { code: 100, subcode: 33 };

export type InstagramGraphOptions = {
  /** The Graph API's address and version, without a trailing path: https://graph.instagram.com/v22.0. */
  baseUrl: string;
  accessToken: string;
  timeoutMs?: number;
  clock?: Clock;
  logger?: MetricsLogger;
};

type GraphAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; reading: MetricsReading };

const isRateLimit = (reading: MetricsReading) =>
  reading.kind === 'unavailable' && reading.reason === 'rate-limited';

/** A metric's lifetime value: `values[0].value`, or `total_value.value` where Meta gives that instead. */
function metricValue(data: unknown[], name: string): number | null {
  const metric = data.find((entry) => isRecord(entry) && entry.name === name);
  if (!isRecord(metric)) return null;
  const values: unknown = metric.values;
  const first: unknown = Array.isArray(values) ? (values as unknown[])[0] : undefined;
  if (isRecord(first)) return countIn(first.value);
  return isRecord(metric.total_value) ? countIn(metric.total_value.value) : null;
}

/** What a Graph API error answers, logged where someone must act on it. */
function readGraphError(
  reply: ProviderReply,
  { clock, logger, secrets }: { clock: Clock; logger: MetricsLogger; secrets: readonly string[] },
): MetricsReading {
  const body = parseJson(reply.text);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const wait = retryAfterSeconds(reply.headers.get('retry-after'), clock.now().getTime());
  if (reply.status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code))) {
    return unavailableReading('rate-limited', wait);
  }
  if (code === NO_SUCH_OBJECT.code && error?.error_subcode === NO_SUCH_OBJECT.subcode) {
    return unavailableReading('not-found');
  }
  const said = loggableText(error?.message);
  const details = {
    provider: PROVIDER,
    status: reply.status,
    ...(code === undefined ? {} : { code }),
    ...(typeof error?.error_subcode === 'number' ? { subcode: error.error_subcode } : {}),
    ...(said ? { said: withoutSecrets(said, secrets) } : {}),
  };
  if (code === TOKEN_REFUSED) {
    logger.error(
      details,
      'Instagram refused INSTAGRAM_GRAPH_TOKEN: the account must grant the app access again',
    );
  } else if (code !== undefined) {
    // A metric or field the API version no longer knows shows here, rather than as a wrong figure.
    logger.warn(details, 'Instagram refused a metrics request');
  }
  return unavailableReading('status', wait);
}

/** A post's figures from its insights. */
const insightsReading = (data: unknown[], readAt: Date): MetricsReading => ({
  kind: 'metrics',
  metrics: {
    views: metricValue(data, 'views'),
    likes: metricValue(data, 'likes'),
    comments: metricValue(data, 'comments'),
    shares: metricValue(data, 'shares'),
  },
  source: PROVIDER,
  readAt,
});

/**
 * Views, likes, comments and shares of the configured Instagram account's posts, one insights call each
 * after their ids are found.
 */
export function createInstagramGraphMetrics(options: InstagramGraphOptions): MetricsSource {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? { error: () => {}, warn: () => {} };
  const secrets = [options.accessToken];
  const mediaIds = new LRUCache<string, string>({ max: MEDIA_IDS_KEPT });

  async function askGraph(path: string, query: Record<string, string>): Promise<GraphAnswer> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('access_token', options.accessToken);
    let reply: ProviderReply;
    try {
      // A redirect would carry the token in its query to wherever it points.
      reply = await fetchText(url, { headers: { accept: 'application/json' }, redirect: 'error', timeoutMs });
    } catch (error) {
      return { ok: false, reading: transportFailureReading(error) };
    }
    if (reply.status !== 200)
      return { ok: false, reading: readGraphError(reply, { clock, logger, secrets }) };
    const body = parseJson(reply.text);
    return isRecord(body) ? { ok: true, body } : { ok: false, reading: unavailableReading('malformed') };
  }

  /** Finds the ids of the shortcodes not yet known; a failure is the reading of every one still missing. */
  async function findMediaIds(shortcodes: readonly string[]): Promise<MetricsReading | undefined> {
    const missing = new Set(shortcodes.filter((shortcode) => !mediaIds.has(shortcode)));
    let after: string | undefined;
    for (let page = 0; page < MEDIA_PAGES_SEARCHED && missing.size > 0; page += 1) {
      const answer = await askGraph('/me/media', {
        fields: 'id,shortcode',
        limit: String(MEDIA_PAGE_SIZE),
        ...(after ? { after } : {}),
      });
      if (!answer.ok) return answer.reading;
      if (!Array.isArray(answer.body.data)) return unavailableReading('malformed');
      for (const media of answer.body.data) {
        if (!isRecord(media) || typeof media.id !== 'string' || typeof media.shortcode !== 'string') continue;
        mediaIds.set(media.shortcode, media.id);
        missing.delete(media.shortcode);
      }
      const paging = isRecord(answer.body.paging) ? answer.body.paging : undefined;
      const cursor = isRecord(paging?.cursors) ? paging.cursors.after : undefined;
      // The last page has no `next`; its `after` cursor leads nowhere.
      if (typeof paging?.next !== 'string' || typeof cursor !== 'string') break;
      after = cursor;
    }
    return undefined;
  }

  async function readInsights(mediaId: string): Promise<MetricsReading> {
    const answer = await askGraph(`/${encodeURIComponent(mediaId)}/insights`, { metric: METRICS.join(',') });
    if (!answer.ok) return answer.reading;
    const data = answer.body.data;
    if (!Array.isArray(data)) return unavailableReading('malformed');
    return insightsReading(data, clock.now());
  }

  return {
    name: PROVIDER,
    async read(posts: readonly PostToMeasure[]) {
      const asked = postsById(posts, 'Instagram');
      const readings = new Map<string, MetricsReading>();
      const searchFailure = asked.ids.length > 0 ? await findMediaIds(asked.ids) : undefined;
      // One call after another; once Instagram asks us to slow down, the calls after it are not made.
      let limited = searchFailure && isRateLimit(searchFailure) ? searchFailure : undefined;
      for (const shortcode of asked.ids) {
        const mediaId = mediaIds.get(shortcode);
        if (mediaId === undefined) {
          readings.set(shortcode, searchFailure ?? unavailableReading('not-found'));
          continue;
        }
        const reading = limited ?? (await readInsights(mediaId));
        if (isRateLimit(reading)) limited = reading;
        readings.set(shortcode, reading);
      }
      return asked.answer((shortcode) => readings.get(shortcode) ?? unavailableReading('not-found'));
    },
  };
}
