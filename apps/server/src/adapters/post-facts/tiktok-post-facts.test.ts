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
import { createTikTokPostFacts, type TikTokPostFactsOptions } from './tiktok-post-facts';

const TOKEN = 'act.creator-token-0123456789abcdefghijklmnopqrstuvwxyz!4321.va';
const VIDEO_ID = '7301234567890123456';
const OPEN_ID = '-000OjT6ZnTTwEhQ1pcvfUHb9YZpjVCmOTnR';
const QUERY: PostFactsQuery = {
  platform: 'TikTok',
  postId: VIDEO_ID,
  postUrl: `https://www.tiktok.com/@summer.beats/video/${VIDEO_ID}`,
  accessToken: TOKEN,
};
const OK = { code: 'ok', message: '', log_id: '20261128000000ABCDEF' };
const tiktokError = (code: string, message: string) => ({ error: { code, message, log_id: 'L1' } });

/**
 * The Display API as far as these facts need it: the token's user owns the videos in `videos`; another
 * token is refused as TikTok refuses it.
 */
function tiktokFake() {
  const videos = new Map<string, Record<string, unknown>>();
  const user: Record<string, unknown> = {};
  const overrides: Partial<Record<'video' | 'user', FakeReply>> = {};

  const handler = (request: RecordedRequest): FakeReply => {
    const url = new URL(request.url, 'http://fake.invalid');
    const route =
      url.pathname === '/v2/video/query/' ? 'video' : url.pathname === '/v2/user/info/' ? 'user' : undefined;
    if (!route) return { status: 404, body: tiktokError('invalid_params', 'no such path') };
    const override = overrides[route];
    if (override) return override;
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      return {
        status: 401,
        body: tiktokError('access_token_invalid', 'The access token is invalid or not found.'),
      };
    }
    if (route === 'user') return { status: 200, body: { data: { user }, error: OK } };
    const body = JSON.parse(request.body) as { filters: { video_ids: string[] } };
    const found = body.filters.video_ids.flatMap((id) => {
      const video = videos.get(id);
      return video ? [video] : [];
    });
    return { status: 200, body: { data: { videos: found, cursor: 0, has_more: false }, error: OK } };
  };
  return {
    videos,
    user,
    handler,
    replyTo(route: 'video' | 'user', reply: FakeReply | undefined) {
      overrides[route] = reply;
    },
    reset() {
      videos.clear();
      for (const key of Object.keys(user)) delete user[key];
      delete overrides.video;
      delete overrides.user;
    },
  };
}

const fake = tiktokFake();
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
  fake.reset();
  logLines = [];
  answers = [];
  // 1700000000 seconds since 1970 is 2023-11-14 22:13:20 UTC.
  fake.videos.set(VIDEO_ID, {
    id: VIDEO_ID,
    create_time: 1_700_000_000,
    share_url: `https://www.tiktok.com/@summer.beats/video/${VIDEO_ID}`,
  });
  Object.assign(fake.user, { open_id: OPEN_ID, username: 'summer.beats' });
});
afterEach(() => {
  for (const text of [...logLines, ...answers.map((answer) => JSON.stringify(answer))]) {
    expect(text).not.toContain(TOKEN);
  }
});

function reader(overrides: Partial<TikTokPostFactsOptions> = {}) {
  const facts = createTikTokPostFacts({
    baseUrl: server.url,
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

describe('TikTok post facts, with the creator’s token', () => {
  it('reads create_time in Unix seconds, and the token’s user as the author', async () => {
    await expect(reader()()).resolves.toEqual({
      kind: 'facts',
      publishedAt: new Date('2023-11-14T22:13:20.000Z'),
      authorAccountId: OPEN_ID,
      authorHandle: 'summer.beats',
      source: 'tiktok-display-api',
    });
    const [videoQuery, userInfo] = server.requests;
    expect(videoQuery).toMatchObject({
      method: 'POST',
      url: '/v2/video/query/?fields=id,create_time,share_url',
    });
    expect(videoQuery?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(videoQuery?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(videoQuery?.body ?? '')).toEqual({ filters: { video_ids: [VIDEO_ID] } });
    expect(userInfo).toMatchObject({ method: 'GET', url: '/v2/user/info/?fields=open_id,username' });
    expect(userInfo?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('reads create_time written as a string of digits, and takes an entry’s identity as the post id', async () => {
    fake.videos.set(VIDEO_ID, { id: VIDEO_ID, create_time: '1764288000' });
    await expect(reader()({ postId: `TikTok:${VIDEO_ID}` })).resolves.toMatchObject({
      publishedAt: new Date('2025-11-28T00:00:00.000Z'),
    });
  });

  it('says nothing of a time or author TikTok leaves out, rather than guess', async () => {
    fake.videos.set(VIDEO_ID, { id: VIDEO_ID });
    for (const key of Object.keys(fake.user)) delete fake.user[key];
    await expect(reader()()).resolves.toEqual({
      kind: 'facts',
      publishedAt: undefined,
      authorAccountId: undefined,
      authorHandle: undefined,
      source: 'tiktok-display-api',
    });
    fake.videos.set(VIDEO_ID, { id: VIDEO_ID, create_time: -5 });
    await expect(reader()()).resolves.toMatchObject({ publishedAt: undefined });
  });

  it('calls a video the token’s user did not post (or that is gone) not found, asking no more', async () => {
    await expect(reader()({ postId: '7000000000000000001' })).resolves.toEqual({
      kind: 'unknown',
      reason: 'not-found',
    });
    expect(server.requests.map((request) => request.url.split('?')[0])).toEqual(['/v2/video/query/']);
  });

  it('asks nothing without the creator’s token, or for a short link not yet resolved', async () => {
    const ask = reader();
    await expect(ask({ accessToken: undefined })).resolves.toEqual({
      kind: 'unknown',
      reason: 'not-configured',
    });
    await expect(ask({ accessToken: '' })).resolves.toEqual({ kind: 'unknown', reason: 'not-configured' });
    await expect(ask({ postId: 'TikTok:vm.tiktok.com/ZMabc123' })).resolves.toEqual({
      kind: 'unknown',
      reason: 'unsupported',
    });
    await expect(ask({ platform: 'Youtube' })).resolves.toMatchObject({ reason: 'unsupported' });
    expect(server.requests).toEqual([]);
  });
});

describe('when TikTok does not answer with the video', () => {
  it('calls a refused token refused, and logs that the creator must connect again, without the token', async () => {
    await expect(reader()({ accessToken: `${TOKEN}-expired` })).resolves.toEqual({
      kind: 'unknown',
      reason: 'refused',
    });
    expect(logged()).toEqual([
      expect.objectContaining({
        level: 40,
        provider: 'tiktok-display-api',
        status: 401,
        code: 'access_token_invalid',
      }),
    ]);
  });

  it.each([
    [401, 'scope_not_authorized'],
    [403, 'forbidden'],
  ])('calls a %i %s refused, redacting a token TikTok echoes', async (status, code) => {
    fake.replyTo('video', { status, body: tiktokError(code, `token ${TOKEN} lacks video.list`) });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'refused' });
    expect(logLines.join('')).toContain('[redacted]');
  });

  it('answers with the user-info call’s refusal when the video was found', async () => {
    fake.replyTo('user', { status: 401, body: tiktokError('scope_not_authorized', 'user.info.profile') });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'refused' });
  });

  it('calls a 429 and a 5xx a status worth asking again', async () => {
    const ask = reader();
    fake.replyTo('video', { status: 429, body: tiktokError('rate_limit_exceeded', 'slow down') });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    fake.replyTo('video', { status: 500, body: tiktokError('internal_error', 'oops') });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    fake.replyTo('video', { status: 502, body: '<html>Bad Gateway</html>' });
    await expect(ask()).resolves.toEqual({ kind: 'unknown', reason: 'status' });
    expect(logged().map((line) => line.level)).toEqual([40, 40, 40]);
  });

  it('calls an answer that is not TikTok’s document malformed', async () => {
    fake.replyTo('video', { status: 200, body: '<html>captive portal</html>' });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'malformed' });
    fake.replyTo('video', { status: 200, body: { data: {}, error: OK } });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'malformed' });
    fake.replyTo('video', undefined);
    fake.replyTo('user', { status: 200, body: { data: { user: 'me' }, error: OK } });
    await expect(reader()()).resolves.toEqual({ kind: 'unknown', reason: 'malformed' });
  });

  it('gives up after its time-out', async () => {
    fake.replyTo('video', { status: 200, body: { data: { videos: [] }, error: OK }, delayMs: 1_000 });
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
