import { startFakeHttpServer, type FakeReply, type RecordedRequest } from '../fake-http-server';

export type OEmbedProvider = 'tiktok' | 'youtube' | 'instagram';

/** A post the fake knows, by the link the client must ask with. */
export type FakePost = {
  provider: OEmbedProvider;
  url: string;
  title?: string;
  authorName?: string;
  /** TikTok's `author_unique_id`: the posting account's handle. */
  authorUniqueId?: string;
  /** The posting account's profile link. */
  authorUrl?: string;
  thumbnailUrl?: string;
};

const PROVIDER_NAMES: Record<OEmbedProvider, string> = {
  tiktok: 'TikTok',
  youtube: 'YouTube',
  instagram: 'Instagram',
};

/** A Graph API error, as Meta words them. */
export function graphError(status: number, code: number, message: string): FakeReply {
  return {
    status,
    body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEfGhIjK' } },
  };
}

/**
 * TikTok's, YouTube's and Instagram's oEmbed endpoints on loopback, under `/tiktok/oembed`,
 * `/youtube/oembed` and `/instagram/oembed`. Each answers a post it knows with an oEmbed 1.0 document
 * (YouTube only for `format=json`, Instagram only with the app token it was given) and anything else
 * with a 404. A test may replace the next answer of a provider, or hold every answer back.
 */
export async function startFakeOEmbed(options: { instagramToken: string }) {
  const posts = new Map<string, FakePost>();
  const nextReplies: Record<OEmbedProvider, FakeReply[]> = { tiktok: [], youtube: [], instagram: [] };
  let delayMs = 0;

  const document = (post: FakePost) => ({
    version: '1.0',
    type: post.provider === 'instagram' ? 'rich' : 'video',
    provider_name: PROVIDER_NAMES[post.provider],
    ...(post.title === undefined ? {} : { title: post.title }),
    ...(post.authorName === undefined ? {} : { author_name: post.authorName }),
    ...(post.authorUniqueId === undefined ? {} : { author_unique_id: post.authorUniqueId }),
    ...(post.authorUrl === undefined ? {} : { author_url: post.authorUrl }),
    ...(post.thumbnailUrl === undefined
      ? {}
      : { thumbnail_url: post.thumbnailUrl, thumbnail_width: 720, thumbnail_height: 1280 }),
    width: 325,
    height: 576,
    html: `<blockquote cite="${post.url}"></blockquote>`,
  });

  const answer = (provider: OEmbedProvider, query: URLSearchParams): FakeReply => {
    if (provider === 'instagram' && query.get('access_token') !== options.instagramToken) {
      return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    }
    if (provider === 'youtube' && query.get('format') !== 'json') {
      return { status: 501, body: 'Not Implemented' };
    }
    const post = posts.get(`${provider} ${query.get('url') ?? ''}`);
    if (!post) {
      return provider === 'instagram'
        ? graphError(404, 24, 'The requested resource does not exist')
        : { status: 404, body: 'Not Found' };
    }
    return { status: 200, body: document(post) };
  };

  const server = await startFakeHttpServer((request: RecordedRequest) => {
    const url = new URL(request.url, 'http://fake.invalid');
    const provider = /^\/(tiktok|youtube|instagram)\/oembed$/.exec(url.pathname)?.[1] as
      OEmbedProvider | undefined;
    if (!provider || request.method !== 'GET') return { status: 404, body: 'Not Found' };
    const reply = nextReplies[provider].shift() ?? answer(provider, url.searchParams);
    return delayMs ? { ...reply, delayMs } : reply;
  });

  const requestsTo = (provider: OEmbedProvider) =>
    server.requests
      .filter((request) => request.url.startsWith(`/${provider}/oembed`))
      .map((request) => new URL(request.url, 'http://fake.invalid').searchParams);

  return {
    url: server.url,
    /** The endpoints to configure the client with. */
    endpoints: {
      tiktok: `${server.url}/tiktok/oembed`,
      youtube: `${server.url}/youtube/oembed`,
      instagram: `${server.url}/instagram/oembed`,
    },
    requests: server.requests,
    /** The query of each request made to `provider`, in order. */
    requestsTo,
    addPost(post: FakePost) {
      posts.set(`${post.provider} ${post.url}`, post);
    },
    /** Answers the next request to `provider` with `reply` instead of looking the post up. */
    replyOnceWith(provider: OEmbedProvider, reply: FakeReply) {
      nextReplies[provider].push(reply);
    },
    holdAnswers(ms: number) {
      delayMs = ms;
    },
    reset() {
      server.requests.length = 0;
      posts.clear();
      for (const replies of Object.values(nextReplies)) replies.length = 0;
      delayMs = 0;
    },
    close: () => server.close(),
  };
}
export type FakeOEmbed = Awaited<ReturnType<typeof startFakeOEmbed>>;
