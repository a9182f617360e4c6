import { startFakeHttpServer, type FakeReply, type RecordedRequest } from '../fake-http-server';

/** A video as the fake holds it; a count left out is one YouTube does not show (hidden likes, comments off). */
export type FakeYouTubeVideo = {
  id: string;
  viewCount: number;
  likeCount?: number;
  commentCount?: number;
};

const VIDEOS_PATH = '/youtube/v3/videos';
const MAX_IDS = 50;

/** An error as Google's APIs word them: `{ error: { code, message, errors: [{ message, domain, reason }] } }`. */
export function youTubeError(
  code: number,
  reason: string,
  domain: string,
  message: string,
  status?: string,
): FakeReply {
  return {
    status: code,
    body: {
      error: {
        code,
        message,
        errors: [{ message, domain, reason }],
        ...(status ? { status } : {}),
      },
    },
  };
}

/** The documented errors the fake gives, for tests to send again by hand. */
export const YOUTUBE_ERRORS = {
  quotaExceeded: youTubeError(
    403,
    'quotaExceeded',
    'youtube.quota',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  ),
  keyInvalid: youTubeError(
    400,
    'badRequest',
    'global',
    'API key not valid. Please pass a valid API key.',
    'INVALID_ARGUMENT',
  ),
  keyMissing: youTubeError(
    403,
    'forbidden',
    'global',
    'Method doesn’t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.',
    'PERMISSION_DENIED',
  ),
  noFilter: youTubeError(
    400,
    'missingRequiredParameter',
    'youtube.parameter',
    'No filter selected. Expected one of: myRated, idParam, chart',
  ),
  tooManyIds: youTubeError(
    400,
    'badRequest',
    'youtube.parameter',
    'The request specifies too many video ids.',
  ),
  rateLimited: (retryAfterSeconds: number): FakeReply => ({
    ...youTubeError(
      429,
      'rateLimitExceeded',
      'youtube.quota',
      'The request cannot be completed because you have exceeded your quota.',
      'RESOURCE_EXHAUSTED',
    ),
    headers: { 'retry-after': String(retryAfterSeconds) },
  }),
} as const;

/**
 * The YouTube Data API's `videos.list` on loopback: GET /youtube/v3/videos?part=…&id=a,b,c&key=KEY answers
 * a `youtube#videoListResponse` holding the videos it knows among the ids (at most 50), with `statistics`
 * as strings when `part` asks for them, and Google's error documents otherwise. A test may spend the day's
 * quota, replace the next answers, or hold every answer back.
 */
export async function startFakeYouTubeDataApi(options: { apiKey: string }) {
  const videos = new Map<string, FakeYouTubeVideo>();
  const nextReplies: FakeReply[] = [];
  let quotaSpent = false;
  let delayMs = 0;

  const videoResource = (video: FakeYouTubeVideo, parts: string[]) => ({
    kind: 'youtube#video',
    etag: `etag-${video.id}`,
    id: video.id,
    ...(parts.includes('statistics')
      ? {
          statistics: {
            viewCount: String(video.viewCount),
            ...(video.likeCount === undefined ? {} : { likeCount: String(video.likeCount) }),
            favoriteCount: '0',
            ...(video.commentCount === undefined ? {} : { commentCount: String(video.commentCount) }),
          },
        }
      : {}),
  });

  const listVideos = (query: URLSearchParams): FakeReply => {
    const key = query.get('key');
    if (!key) return YOUTUBE_ERRORS.keyMissing;
    if (key !== options.apiKey) return YOUTUBE_ERRORS.keyInvalid;
    if (quotaSpent) return YOUTUBE_ERRORS.quotaExceeded;
    const ids = (query.get('id') ?? '').split(',').filter((id) => id !== '');
    if (ids.length === 0) return YOUTUBE_ERRORS.noFilter;
    if (ids.length > MAX_IDS) return YOUTUBE_ERRORS.tooManyIds;
    const parts = (query.get('part') ?? '').split(',');
    const items = ids
      .map((id) => videos.get(id))
      .filter((video): video is FakeYouTubeVideo => video !== undefined)
      .map((video) => videoResource(video, parts));
    return {
      status: 200,
      body: {
        kind: 'youtube#videoListResponse',
        etag: 'list-etag',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      },
    };
  };

  const server = await startFakeHttpServer((request: RecordedRequest) => {
    const url = new URL(request.url, 'http://fake.invalid');
    if (request.method !== 'GET' || url.pathname !== VIDEOS_PATH) {
      return { status: 404, body: 'Not Found' };
    }
    const reply = nextReplies.shift() ?? listVideos(url.searchParams);
    return delayMs ? { ...reply, delayMs } : reply;
  });

  return {
    url: server.url,
    requests: server.requests,
    /** The query of each `videos.list` call, in order. */
    listCalls: () =>
      server.requests
        .filter((request) => request.url.startsWith(VIDEOS_PATH))
        .map((request) => new URL(request.url, 'http://fake.invalid').searchParams),
    addVideo(video: FakeYouTubeVideo) {
      videos.set(video.id, video);
    },
    /** Every call from now on is refused as YouTube refuses once the project's daily quota is spent. */
    spendQuota() {
      quotaSpent = true;
    },
    /** Answers the next call with `reply`, whatever it asks. */
    replyOnceWith(reply: FakeReply) {
      nextReplies.push(reply);
    },
    holdAnswers(ms: number) {
      delayMs = ms;
    },
    reset() {
      server.requests.length = 0;
      videos.clear();
      nextReplies.length = 0;
      quotaSpent = false;
      delayMs = 0;
    },
    close: () => server.close(),
  };
}
export type FakeYouTubeDataApi = Awaited<ReturnType<typeof startFakeYouTubeDataApi>>;
