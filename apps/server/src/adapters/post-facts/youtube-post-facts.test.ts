import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto } from '../../test/capture';
import {
  closedPort,
  startFakeHttpServer,
  type FakeReply,
  type RecordedRequest,
} from '../../test/fake-http-server';
import type { PostFacts, PostFactsQuery } from './post-facts';
import { createYouTubePostFacts, type YouTubePostFactsOptions } from './youtube-post-facts';

const API_KEY = 'AIzaSyD-post-facts-key-0123456789abcdefg';
const VIDEO_ID = 'dQw4w9WgXcQ';
const CHANNEL_ID = 'UCuAXFkgsw1L7xaCfnd5JJOw';
const QUERY: PostFactsQuery = {
  platform: 'Youtube',
  postId: VIDEO_ID,
  postUrl: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
};

type Video = { id: string; snippet?: Record<string, unknown> };

/** Google's videos.list, as far as these facts need it: `part=snippet`, one id, the key in the query. */
function youtubeFake() {
  const videos = new Map<string, Video>();
  let override: FakeReply | undefined;
  const handler = (request: RecordedRequest): FakeReply => {
    if (override) return override;
    const url = new URL(request.url, 'http://fake.invalid');
    if (url.pathname !== '/youtube/v3/videos' || url.searchParams.get('part') !== 'snippet') {
      return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    }
    if (url.searchParams.get('key') !== API_KEY) {
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: `API key not valid. Please pass a valid API key. (${url.searchParams.get('key')})`,
            errors: [{ reason: 'keyInvalid', domain: 'usageLimits', message: 'Bad Request' }],
          },
        },
      };
    }
    const ids = (url.searchParams.get('id') ?? '').split(',');
    const items = ids.flatMap((id) => {
      const video = videos.get(id);
      return video ? [{ kind: 'youtube#video', etag: 'e', ...video }] : [];
    });
    return { status: 200, body: { kind: 'youtube#videoListResponse', etag: 'e', items, pageInfo: {} } };
  };
  return {
    videos,
    handler,
    replyWith(reply: FakeReply | undefined) {
      override = reply;
    },
  };
}

const fake = youtubeFake();
let server: Awaited<ReturnType<typeof startFakeHttpServer>>;
let logLines: string[];
let answers: PostFacts[];

beforeAll(async () => {
  server = await startFakeHttpServer(fake.handler);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.requests.length = 0;
  fake.videos.clear();
  fake.replyWith(undefined);
  logLines = [];
  answers = [];
  fake.videos.set(VIDEO_ID, {
    id: VIDEO_ID,
    snippet: {
      publishedAt: '2009-10-25T06:57:33Z',
      channelId: CHANNEL_ID,
      title: 'Never Gonna Give You Up',
      channelTitle: 'Rick Astley',
    },
  });
});
afterEach(() => {
  for (const text of [...logLines, ...answers.map((answer) => JSON.stringify(answer))]) {
    expect(text).not.toContain(API_KEY);
  }
});

function reader(overrides: Partial<YouTubePostFactsOptions> = {}) {
  const facts = createYouTubePostFacts({
    baseUrl: server.url,
    apiKey: API_KEY,
    timeoutMs: 2_000,
    logger: pino({ level: 'trace' }, collectInto(logLines)),
    ...overrides,
  });
  return async (query: Partial<PostFactsQuery> = {}) => {
    const answer = await facts.factsOf({ ...QUERY, ...query });
    answers.push(answer);
    return answer;
  };
}

const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('YouTube post facts', () => {
  it('reads when the video was published and the channel that posted it, from videos.list', async () => {
    await expect(reader()()).resolves.toEqual({
      kind: 'facts',
      publishedAt: new Date(Date.UTC(2009, 9, 25, 6, 57, 33)),
      authorAccountId: CHANNEL_ID,
      authorHandle: 'Rick Astley',
      source: 'youtube-data-api',
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe('GET');
    expect(server.requests[0]?.url).toBe(
      `/youtube/v3/videos?part=snippet&id=${VIDEO_ID}&key=${encodeURIComponent(API_KEY)}`,
    );
  });

  it('keeps the milliseconds Google writes, and takes an entry’s identity as the post id', async () => {
    fake.videos.set(VIDEO_ID, { id: VIDEO_ID, snippet: { publishedAt: '2026-11-02T17:04:05.250Z' } });
    const answer = await reader()({ postId: `Youtube:${VIDEO_ID}` });
    expect(answer).toMatchObject({ kind: 'facts' });
    expect(answer.kind === 'facts' && answer.publishedAt?.toISOString()).toBe('2026-11-02T17:04:05.250Z');
  });

  it('says nothing of what the snippet leaves out or writes in another form, rather than guess', async () => {
    fake.videos.set(VIDEO_ID, { id: VIDEO_ID, snippet: { title: 'no date', channelTitle: '' } });
    await expect(reader()()).resolves.toEqual({
      kind: 'facts',
      publishedAt: undefined,
      authorAccountId: undefined,
      authorHandle: undefined,
      source: 'youtube-data-api',
    });
    fake.videos.set(VIDEO_ID, { id: VIDEO_ID, snippet: { publishedAt: 'Oct 25, 2009', channelId: 42 } });
    await expect(reader()()).resolves.toMatchObject({ publishedAt: undefined, authorAccountId: undefined });
  });

  it('calls a video YouTube does not list (deleted, private, never was) not found', async () => {
    await expect(reader()({ postId: 'AAAAAAAAAAA' })).resolves.toEqual({
      kind: 'unknown',
      reason: 'not-found',
    });
    fake.replyWith({ status: 200, body: { kind: 'youtube#videoListResponse', pageInfo: {} } });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'not-found' });
  });

  it('asks nothing about what is not a YouTube video id', async () => {
    const ask = reader();
    await expect(ask({ postId: 'not-eleven' })).resolves.toEqual({ kind: 'unknown', reason: 'unsupported' });
    await expect(ask({ postId: 'dQw4w9WgXcQ&key=x' })).resolves.toMatchObject({ reason: 'unsupported' });
    await expect(ask({ platform: 'TikTok', postId: '7301234567890' })).resolves.toMatchObject({
      reason: 'unsupported',
    });
    expect(server.requests).toEqual([]);
  });
});

describe('when YouTube does not answer with a video', () => {
  it('calls a refused key refused, and logs what to check without the key', async () => {
    await expect(reader({ apiKey: `${API_KEY}-revoked` })()).resolves.toEqual({
      kind: 'unknown',
      reason: 'refused',
    });
    expect(logged()).toEqual([
      expect.objectContaining({
        level: 50,
        provider: 'youtube-data-api',
        status: 400,
        reasons: ['keyInvalid'],
      }),
    ]);
    expect(logLines.join('')).toContain('YOUTUBE_API_KEY');
  });

  it.each([401, 403])('calls a %i refused', async (status) => {
    fake.replyWith({ status, body: { error: { code: status, message: `no ${API_KEY}`, errors: [] } } });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'refused' });
  });

  it('calls a spent quota, a 429 and a 5xx a status worth asking again, not a refusal', async () => {
    const ask = reader();
    fake.replyWith({
      status: 403,
      body: { error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } },
    });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    fake.replyWith({ status: 429, body: { error: { code: 429 } }, headers: { 'retry-after': '30' } });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    fake.replyWith({ status: 503, body: 'Service Unavailable' });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    expect(logged().map((line) => line.level)).toEqual([40, 40, 40]);
  });

  it('calls an answer that is not Google’s document malformed', async () => {
    fake.replyWith({ status: 200, body: '<html>captive portal</html>' });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'malformed' });
    fake.replyWith({ status: 200, body: { items: [{ id: VIDEO_ID }] } });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'malformed' });
  });

  it('gives up after its time-out', async () => {
    fake.replyWith({ status: 200, body: { items: [] }, delayMs: 1_000 });
    await expect(reader({ timeoutMs: 100 })()).resolves.toEqual({ kind: 'unknown', reason: 'timeout' });
  });

  it('says the network failed when nothing listens', async () => {
    const port = await closedPort();
    await expect(reader({ baseUrl: `http://127.0.0.1:${port}` })()).resolves.toEqual({
      kind: 'unknown',
      reason: 'network',
    });
  });
});
