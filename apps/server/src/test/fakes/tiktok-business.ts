import { startFakeHttpServer, type FakeReply, type RecordedRequest } from '../fake-http-server';

/** A video of the account the fake's token belongs to. */
export type FakeTikTokVideo = {
  itemId: string;
  videoViews: number;
  likes: number;
  comments: number;
  shares: number;
};

const VIDEO_LIST_PATH = '/open_api/v1.3/business/video/list/';
const MAX_VIDEO_IDS = 20;

let requestCount = 0;
/** TikTok's `request_id`: a timestamp and a serial, unique per answer. */
const requestId = () => `20261121090000${String(++requestCount).padStart(20, '0')}`;

/** An answer in TikTok's envelope: HTTP 200, and a return code that says what happened. */
export function tiktokAnswer(code: number, message: string, data: unknown = {}): FakeReply {
  return { status: 200, body: { code, message, request_id: requestId(), data } };
}

/** The refusals the fake gives, as TikTok's API for Business words them. */
export const TIKTOK_BUSINESS_ERRORS = {
  tooManyRequests: () => tiktokAnswer(40100, 'Too many requests. Please retry in some time.'),
  tokenEmpty: () => tiktokAnswer(40104, 'Access token is empty.'),
  tokenRevoked: () => tiktokAnswer(40105, 'Access token is incorrect or has been revoked.'),
  noPermission: () => tiktokAnswer(40001, 'No permission to operate the TikTok account.'),
  parameter: (message: string) => tiktokAnswer(40002, message),
} as const;

function parsedJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * TikTok's API for Business video list on loopback (GET /open_api/v1.3/business/video/list/): with the
 * `Access-Token` and `business_id` it was given, it answers the account's videos among `filters.video_ids`
 * (at most 20), with only the `fields` asked for, in TikTok's `{ code, message, request_id, data }`
 * envelope. A test may replace the next answers or hold every answer back.
 */
export async function startFakeTikTokBusiness(options: { accessToken: string; businessId: string }) {
  const videos = new Map<string, FakeTikTokVideo>();
  const nextReplies: FakeReply[] = [];
  let delayMs = 0;

  const videoFields = (video: FakeTikTokVideo): Record<string, unknown> => ({
    item_id: video.itemId,
    video_views: video.videoViews,
    likes: video.likes,
    comments: video.comments,
    shares: video.shares,
    create_time: '1763715600',
    caption: 'Day one of the challenge #summerbeats',
  });

  const listVideos = (request: RecordedRequest, query: URLSearchParams): FakeReply => {
    const token = request.headers['access-token'];
    if (!token) return TIKTOK_BUSINESS_ERRORS.tokenEmpty();
    if (token !== options.accessToken) return TIKTOK_BUSINESS_ERRORS.tokenRevoked();
    if (!query.get('business_id'))
      return TIKTOK_BUSINESS_ERRORS.parameter('business_id: Missing data for required field.');
    if (query.get('business_id') !== options.businessId) return TIKTOK_BUSINESS_ERRORS.noPermission();
    const fields = parsedJson(query.get('fields'));
    const filters = parsedJson(query.get('filters'));
    if (!Array.isArray(fields)) return TIKTOK_BUSINESS_ERRORS.parameter('fields: Not a valid list.');
    const videoIds =
      typeof filters === 'object' && filters !== null && 'video_ids' in filters ? filters.video_ids : [];
    if (!Array.isArray(videoIds) || videoIds.length > MAX_VIDEO_IDS) {
      return TIKTOK_BUSINESS_ERRORS.parameter('filters.video_ids: Length must be between 1 and 20.');
    }
    const listed = videoIds
      .map((id) => videos.get(String(id)))
      .filter((video): video is FakeTikTokVideo => video !== undefined)
      .map((video) => {
        const all = videoFields(video);
        return Object.fromEntries(fields.map((field) => [String(field), all[String(field)]]));
      });
    return tiktokAnswer(0, 'OK', { videos: listed, has_more: false, cursor: 0 });
  };

  const server = await startFakeHttpServer((request: RecordedRequest) => {
    const url = new URL(request.url, 'http://fake.invalid');
    if (request.method !== 'GET' || url.pathname !== VIDEO_LIST_PATH) {
      return { status: 404, body: 'Not Found' };
    }
    const reply = nextReplies.shift() ?? listVideos(request, url.searchParams);
    return delayMs ? { ...reply, delayMs } : reply;
  });

  return {
    url: server.url,
    requests: server.requests,
    /** The video ids each video list call filtered by, in order. */
    filteredIds: () =>
      server.requests.map((request) => {
        const filters = parsedJson(new URL(request.url, 'http://fake.invalid').searchParams.get('filters'));
        return typeof filters === 'object' && filters !== null && 'video_ids' in filters
          ? (filters.video_ids as unknown[])
          : [];
      }),
    addVideo(video: FakeTikTokVideo) {
      videos.set(video.itemId, video);
    },
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
      delayMs = 0;
    },
    close: () => server.close(),
  };
}
export type FakeTikTokBusiness = Awaited<ReturnType<typeof startFakeTikTokBusiness>>;
