import { startFakeHttpServer, type FakeReply, type RecordedRequest } from '../fake-http-server';

/** A post of the account the fake's token belongs to; a metric left out is one Instagram does not count for it. */
export type FakeInstagramMedia = {
  id: string;
  shortcode: string;
  views?: number;
  likes?: number;
  comments?: number;
  shares?: number;
};

/** A Graph API error, as Meta words them. */
export function instagramGraphError(
  status: number,
  code: number,
  message: string,
  subcode?: number,
): FakeReply {
  return {
    status,
    body: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'IGApiException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        fbtrace_id: 'AbCdEfGhIjKlMnOp',
      },
    },
  };
}

export const INSTAGRAM_GRAPH_ERRORS = {
  tokenRefused: instagramGraphError(400, 190, 'Invalid OAuth access token - Cannot parse access token'),
  applicationLimit: instagramGraphError(403, 4, 'Application request limit reached'),
  noSuchObject: (id: string) =>
    instagramGraphError(
      400,
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      33,
    ),
  invalidMetric: instagramGraphError(400, 100, '(#100) metric[0] must be one of the following values: …'),
} as const;

const MEDIA_PATH = '/me/media';
const INSIGHTS_PATH = /^\/([^/]+)\/insights$/;
const KNOWN_METRICS = new Set([
  'views',
  'likes',
  'comments',
  'shares',
  'reach',
  'saved',
  'total_interactions',
]);

/**
 * Instagram's Graph API (Instagram Login) on loopback, under the path a client is configured with: the
 * account's media edge (GET {prefix}/me/media?fields=id,shortcode&limit=&after=) paged newest first with
 * `paging.cursors.after` and `paging.next`, and each media's insights (GET {prefix}/{id}/insights?metric=)
 * as `{ data: [{ name, period, values: [{ value }], title, id }] }`; both only with the token it was given,
 * and Graph API errors otherwise. A test may replace the next answers or hold every answer back.
 */
export async function startFakeInstagramGraph(options: { accessToken: string; prefix?: string }) {
  const prefix = options.prefix ?? '/v22.0';
  const media: FakeInstagramMedia[] = [];
  const nextReplies: FakeReply[] = [];
  let delayMs = 0;

  const listMedia = (query: URLSearchParams, url: string): FakeReply => {
    const fields = (query.get('fields') ?? 'id').split(',');
    const limit = Math.min(Number(query.get('limit') ?? '25') || 25, 100);
    const start = query.get('after')
      ? Number(Buffer.from(query.get('after') ?? '', 'base64url').toString())
      : 0;
    const page = media.slice(start, start + limit);
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const hasMore = start + limit < media.length;
    return {
      status: 200,
      body: {
        data: page.map((item) => ({
          id: item.id,
          ...(fields.includes('shortcode') ? { shortcode: item.shortcode } : {}),
        })),
        paging: {
          cursors: { before: cursor(start), after: cursor(start + page.length) },
          ...(hasMore ? { next: `${url}&after=${cursor(start + page.length)}` } : {}),
        },
      },
    };
  };

  const insights = (mediaId: string, query: URLSearchParams): FakeReply => {
    const item = media.find((candidate) => candidate.id === mediaId);
    if (!item) return INSTAGRAM_GRAPH_ERRORS.noSuchObject(mediaId);
    const metrics = (query.get('metric') ?? '').split(',');
    if (metrics.some((metric) => !KNOWN_METRICS.has(metric))) return INSTAGRAM_GRAPH_ERRORS.invalidMetric;
    const data = metrics.flatMap((name) => {
      const value = item[name as keyof FakeInstagramMedia];
      if (typeof value !== 'number') return [];
      return [
        {
          name,
          period: 'lifetime',
          values: [{ value }],
          title: name[0]?.toUpperCase() + name.slice(1),
          description: `The number of ${name} of the media.`,
          id: `${mediaId}/insights/${name}/lifetime`,
        },
      ];
    });
    return { status: 200, body: { data } };
  };

  const documented = (request: RecordedRequest): FakeReply => {
    const url = new URL(request.url, 'http://fake.invalid');
    if (request.method !== 'GET' || !url.pathname.startsWith(`${prefix}/`)) {
      return instagramGraphError(400, 2500, 'Unknown path components');
    }
    if (url.searchParams.get('access_token') !== options.accessToken)
      return INSTAGRAM_GRAPH_ERRORS.tokenRefused;
    const path = url.pathname.slice(prefix.length);
    if (path === MEDIA_PATH) return listMedia(url.searchParams, `http://fake.invalid${request.url}`);
    const mediaId = INSIGHTS_PATH.exec(path)?.[1];
    if (mediaId) return insights(decodeURIComponent(mediaId), url.searchParams);
    return instagramGraphError(400, 2500, 'Unknown path components');
  };

  const server = await startFakeHttpServer((request) => {
    const reply = nextReplies.shift() ?? documented(request);
    return delayMs ? { ...reply, delayMs } : reply;
  });

  const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://fake.invalid').pathname;

  return {
    url: server.url,
    /** What to configure the client with: the fake's address and the API version's path. */
    baseUrl: `${server.url}${prefix}`,
    requests: server.requests,
    mediaListCalls: () => server.requests.filter((request) => pathOf(request).endsWith(MEDIA_PATH)),
    insightsCalls: () => server.requests.filter((request) => pathOf(request).endsWith('/insights')),
    /** Adds a post as the account's newest. */
    addMedia(item: FakeInstagramMedia) {
      media.unshift(item);
    },
    replyOnceWith(reply: FakeReply) {
      nextReplies.push(reply);
    },
    holdAnswers(ms: number) {
      delayMs = ms;
    },
    reset() {
      server.requests.length = 0;
      media.length = 0;
      nextReplies.length = 0;
      delayMs = 0;
    },
    close: () => server.close(),
  };
}
export type FakeInstagramGraph = Awaited<ReturnType<typeof startFakeInstagramGraph>>;
