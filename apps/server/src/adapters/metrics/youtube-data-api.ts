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

// YouTube Data API v3, `videos.list` (GET /youtube/v3/videos): "Returns a list of videos that match the API
// request parameters." With `part=statistics` each video carries "statistics about the video": `viewCount`,
// `likeCount`, `favoriteCount`, `commentCount`, as strings (Google's int64s). `likeCount` is left out when
// the owner hides it, `commentCount` when comments are off; `dislikeCount` has been private since 2021, and
// shares are not counted by the API at all. An API key reads public and unlisted videos only: a private
// or deleted video is simply not among `items`.

export const YOUTUBE_DATA_API_URL = 'https://www.googleapis.com';
/** `id` takes "a comma-separated list of the YouTube video ID(s)", at most 50, for one quota unit. */
export const YOUTUBE_VIDEOS_PER_CALL = 50;

const DEFAULT_TIMEOUT_MS = 5_000;
const PROVIDER = 'youtube-data-api';

export type YouTubeDataApiOptions = {
  /** Where Google's APIs are served, without a path: https://www.googleapis.com, or a fake. */
  baseUrl: string;
  apiKey: string;
  /** Per request. */
  timeoutMs?: number;
  clock?: Clock;
  logger?: MetricsLogger;
};

const PACIFIC_WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function pacificWallClock(atMs: number) {
  const parts = Object.fromEntries(
    PACIFIC_WALL_CLOCK.formatToParts(new Date(atMs)).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far Pacific time is from UTC at an instant (negative: -8 h in winter, -7 h in summer). */
function pacificOffsetMs(atMs: number): number {
  const wall = pacificWallClock(atMs);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(atMs / 1000) * 1000;
}

/**
 * When the YouTube Data API's daily quota is next renewed: "Daily quotas reset at midnight Pacific Time."
 * The offset is taken at that midnight, not now, since a change to or from daylight time may come between.
 */
export function nextPacificMidnight(now: Date): Date {
  const today = pacificWallClock(now.getTime());
  const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day + 1);
  const roughly = midnightAsUtc - pacificOffsetMs(midnightAsUtc);
  return new Date(midnightAsUtc - pacificOffsetMs(roughly));
}

/** Google's error document: `{ error: { code, message, errors: [{ reason, domain, message }] } }`. */
function googleError(text: string): { reasons: string[]; message: string | undefined } {
  const body = parseJson(text);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const errors = Array.isArray(error?.errors) ? error.errors : [];
  const reasons = errors
    .map((entry) => (isRecord(entry) && typeof entry.reason === 'string' ? entry.reason : undefined))
    .filter((reason): reason is string => reason !== undefined && /^[A-Za-z_.-]{1,64}$/.test(reason));
  return { reasons, message: loggableText(error?.message) };
}

const NOT_FOUND = unavailableReading('not-found');

const isLimit = (reading: MetricsReading) =>
  reading.kind === 'unavailable' &&
  (reading.reason === 'quota-exceeded' || reading.reason === 'rate-limited');

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);

function readStatistics(statistics: Record<string, unknown>, readAt: Date): MetricsReading {
  return {
    kind: 'metrics',
    metrics: {
      views: countIn(statistics.viewCount),
      likes: countIn(statistics.likeCount),
      comments: countIn(statistics.commentCount),
      shares: null,
    },
    source: PROVIDER,
    readAt,
  };
}

/** A request YouTube refused is the install's to fix: the log says what to check. */
function logRefusal(
  logger: MetricsLogger,
  refusal: { status: number; reasons: readonly string[]; message: string | undefined },
  secrets: readonly string[],
) {
  logger.error(
    {
      provider: PROVIDER,
      status: refusal.status,
      reasons: refusal.reasons,
      ...(refusal.message ? { said: withoutSecrets(refusal.message, secrets) } : {}),
    },
    'YouTube refused the request: check YOUTUBE_API_KEY, and that the YouTube Data API v3 is enabled ' +
      'for its project',
  );
}

/** Each listed video's figures, by its id. */
function readingsOfItems(items: readonly unknown[], readAt: Date): Map<string, MetricsReading> {
  const found = new Map<string, MetricsReading>();
  for (const item of items) {
    if (!isRecord(item) || typeof item.id !== 'string') continue;
    found.set(
      item.id,
      isRecord(item.statistics) ? readStatistics(item.statistics, readAt) : unavailableReading('malformed'),
    );
  }
  return found;
}

/**
 * Views, likes and comments of YouTube videos from the Data API's `videos.list`, 50 videos a call. Once
 * YouTube says the day's quota is spent, or how long to slow down for, nothing is asked until then: every
 * read answers with the time left, so a refresh job that asks again early costs no quota.
 */
export function createYouTubeDataApiMetrics(options: YouTubeDataApiOptions): MetricsSource {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? { error: () => {}, warn: () => {} };
  const secrets = [options.apiKey];
  let pause: { untilMs: number; reason: 'quota-exceeded' | 'rate-limited' } | undefined;

  function pausedReading(): MetricsReading | undefined {
    const nowMs = clock.now().getTime();
    if (!pause || nowMs >= pause.untilMs) return undefined;
    return unavailableReading(pause.reason, Math.ceil((pause.untilMs - nowMs) / 1000));
  }

  function pauseFor(reason: 'quota-exceeded' | 'rate-limited', seconds: number): MetricsReading {
    pause = { untilMs: clock.now().getTime() + seconds * 1000, reason };
    return unavailableReading(reason, seconds);
  }

  function readFailure(reply: ProviderReply): MetricsReading {
    const { reasons, message } = googleError(reply.text);
    if (reasons.some((reason) => QUOTA_REASONS.has(reason))) {
      const now = clock.now();
      const seconds = Math.ceil((nextPacificMidnight(now).getTime() - now.getTime()) / 1000);
      logger.warn(
        { provider: PROVIDER, status: reply.status, retryAfterSeconds: seconds },
        "YouTube Data API: the day's quota is spent; no video is asked for again until midnight Pacific time",
      );
      return pauseFor('quota-exceeded', seconds);
    }
    if (reply.status === 429 || reasons.some((reason) => RATE_LIMIT_REASONS.has(reason))) {
      const wait = retryAfterSeconds(reply.headers.get('retry-after'), clock.now().getTime());
      return wait === undefined ? unavailableReading('rate-limited') : pauseFor('rate-limited', wait);
    }
    if (reply.status === 400 || reply.status === 401 || reply.status === 403) {
      logRefusal(logger, { status: reply.status, reasons, message }, secrets);
      return unavailableReading('status');
    }
    const wait = retryAfterSeconds(reply.headers.get('retry-after'), clock.now().getTime());
    return unavailableReading('status', wait);
  }

  /** One call's answer: each video's reading by its id, or one reading for every video in the call. */
  async function readBatch(
    ids: readonly string[],
  ): Promise<{ found: Map<string, MetricsReading> } | { failed: MetricsReading }> {
    // Video ids are letters, digits, '-' and '_' (the shared rule's), so the commas are sent as Google
    // documents them rather than percent-encoded.
    const url = `${baseUrl}/youtube/v3/videos?part=statistics&id=${ids.join(',')}&key=${encodeURIComponent(options.apiKey)}`;
    let reply: ProviderReply;
    try {
      // A redirect would carry the key in its query to wherever it points.
      reply = await fetchText(url, { headers: { accept: 'application/json' }, redirect: 'error', timeoutMs });
    } catch (error) {
      return { failed: transportFailureReading(error) };
    }
    if (reply.status !== 200) return { failed: readFailure(reply) };
    const body = parseJson(reply.text);
    const items = isRecord(body)
      ? (body.items ?? (body.kind === 'youtube#videoListResponse' ? [] : undefined))
      : undefined;
    if (!Array.isArray(items)) return { failed: unavailableReading('malformed') };
    return { found: readingsOfItems(items, clock.now()) };
  }

  return {
    name: PROVIDER,
    async read(posts: readonly PostToMeasure[]) {
      const asked = postsById(posts, 'Youtube');
      const readings = new Map<string, MetricsReading>();
      // One call after another: a quota or rate limit met by one call spares the calls after it.
      let limited: MetricsReading | undefined;
      for (const batch of inBatches(asked.ids, YOUTUBE_VIDEOS_PER_CALL)) {
        limited ??= pausedReading();
        const answer = limited ? { failed: limited } : await readBatch(batch);
        if ('failed' in answer && isLimit(answer.failed)) limited = answer.failed;
        for (const id of batch) {
          readings.set(id, 'failed' in answer ? answer.failed : (answer.found.get(id) ?? NOT_FOUND));
        }
      }
      return asked.answer((id) => readings.get(id) ?? NOT_FOUND);
    },
  };
}
