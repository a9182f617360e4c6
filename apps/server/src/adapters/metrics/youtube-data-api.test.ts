import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import {
  startFakeYouTubeDataApi,
  YOUTUBE_ERRORS,
  youTubeError,
  type FakeYouTubeDataApi,
} from '../../test/fakes/youtube-data-api';
import type { MetricsReading, PostToMeasure } from './metrics-source';
import {
  createYouTubeDataApiMetrics,
  nextPacificMidnight,
  YOUTUBE_DATA_API_URL,
  type YouTubeDataApiOptions,
} from './youtube-data-api';

const API_KEY = 'AIzaSyD-fake-key-0123456789abcdefghijk';
const VIDEO_ID = 'dQw4w9WgXcQ';
const VIDEO = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
// 2026-11-21 09:00 UTC is 01:00 in Los Angeles (PST): the quota is renewed 23 hours later.
const NOW = Date.parse('2026-11-21T09:00:00.000Z');

let youtube: FakeYouTubeDataApi;
let logLines: string[];
let results: MetricsReading[];
let nowMs: number;

beforeAll(async () => {
  youtube = await startFakeYouTubeDataApi({ apiKey: API_KEY });
});
afterAll(async () => {
  await youtube?.close();
});
beforeEach(() => {
  youtube.reset();
  logLines = [];
  results = [];
  nowMs = NOW;
  youtube.addVideo({
    id: VIDEO_ID,
    viewCount: 1_598_235_117,
    likeCount: 18_374_331,
    commentCount: 2_411_004,
  });
});
afterEach(() => {
  for (const text of [...logLines, ...results.map((result) => JSON.stringify(result))]) {
    expect(text).not.toContain(API_KEY);
  }
});

function metrics(overrides: Partial<YouTubeDataApiOptions> = {}) {
  const source = createYouTubeDataApiMetrics({
    baseUrl: youtube.url,
    apiKey: API_KEY,
    timeoutMs: 2_000,
    clock: { now: () => new Date(nowMs) },
    logger: pino({ level: 'trace' }, collectInto(logLines)),
    ...overrides,
  });
  return {
    name: source.name,
    async read(posts: PostToMeasure[]) {
      const readings = await source.read(posts);
      results.push(...readings.values());
      return readings;
    },
    async readOne(url: string) {
      const reading = (await source.read([{ url, platform: 'Youtube' }])).get(url);
      if (reading) results.push(reading);
      return reading;
    },
  };
}

/** Eleven characters, as YouTube's ids are: vid00000001, vid00000002… */
const videoId = (n: number) => `vid${String(n).padStart(8, '0')}`;
const youtubePost = (id: string): PostToMeasure => ({
  url: `https://youtu.be/${id}`,
  platform: 'Youtube',
});

describe('the YouTube Data API metrics', () => {
  it('reads a video’s views, likes and comments, with no shares, asking videos.list for its statistics', async () => {
    const source = metrics();
    expect(source.name).toBe('youtube-data-api');
    await expect(source.readOne(`${VIDEO}&si=share`)).resolves.toEqual({
      kind: 'metrics',
      metrics: { views: 1_598_235_117, likes: 18_374_331, comments: 2_411_004, shares: null },
      source: 'youtube-data-api',
      readAt: new Date(NOW),
    });
    expect(youtube.requests).toHaveLength(1);
    expect(youtube.requests[0]?.url).toBe(
      `/youtube/v3/videos?part=statistics&id=${VIDEO_ID}&key=${encodeURIComponent(API_KEY)}`,
    );
  });

  it('asks for 120 videos in three calls of at most 50', async () => {
    const ids = Array.from({ length: 120 }, (_, index) => videoId(index + 1));
    ids.forEach((id, index) =>
      youtube.addVideo({ id, viewCount: index * 10, likeCount: index, commentCount: 1 }),
    );

    const readings = await metrics().read(ids.map(youtubePost));

    expect(youtube.listCalls().map((query) => query.get('id')?.split(',').length)).toEqual([50, 50, 20]);
    expect(youtube.listCalls().flatMap((query) => query.get('id')?.split(',') ?? [])).toEqual(ids);
    expect(readings.size).toBe(120);
    expect(readings.get(youtubePost(videoId(120)).url)).toMatchObject({
      kind: 'metrics',
      metrics: { views: 1_190, likes: 119, comments: 1, shares: null },
    });
  });

  it('asks once for a video given under several links, and answers each link', async () => {
    const links = [VIDEO, `https://youtu.be/${VIDEO_ID}`, `https://www.youtube.com/shorts/${VIDEO_ID}`];
    const readings = await metrics().read(links.map((url) => ({ url, platform: 'Youtube' })));
    expect(youtube.listCalls().map((query) => query.get('id'))).toEqual([VIDEO_ID]);
    expect([...readings.keys()]).toEqual(links);
    expect([...readings.values()].every((reading) => reading.kind === 'metrics')).toBe(true);
  });

  it('says null for likes the owner hides and comments that are turned off, never 0', async () => {
    youtube.addVideo({ id: 'hiddenLikes', viewCount: 52 });
    await expect(metrics().readOne('https://www.youtube.com/watch?v=hiddenLikes')).resolves.toMatchObject({
      kind: 'metrics',
      metrics: { views: 52, likes: null, comments: null, shares: null },
    });
  });

  it('calls a video YouTube does not return (deleted, private, never was) not found', async () => {
    const readings = await metrics().read([youtubePost('AAAAAAAAAAA'), youtubePost(VIDEO_ID)]);
    expect(readings.get(youtubePost('AAAAAAAAAAA').url)).toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    expect(readings.get(youtubePost(VIDEO_ID).url)).toMatchObject({ kind: 'metrics' });
    expect(youtube.requests).toHaveLength(1);
  });

  it('asks nothing for a link that is not a YouTube video', async () => {
    const readings = await metrics().read([
      { url: 'https://www.youtube.com/@RickAstleyYT', platform: 'Youtube' },
      { url: 'https://www.youtube.com/playlist?list=PL123', platform: 'Youtube' },
      { url: 'https://www.tiktok.com/@scout2015/video/6718335390845095173', platform: 'TikTok' },
      { url: VIDEO, platform: 'Instagram' },
    ]);
    expect([...readings.values()]).toEqual(Array(4).fill({ kind: 'unavailable', reason: 'unsupported' }));
    expect(youtube.requests).toEqual([]);
  });

  it('asks nothing for no posts', async () => {
    await expect(metrics().read([])).resolves.toEqual(new Map());
    expect(youtube.requests).toEqual([]);
  });
});

describe('quota and rate limits', () => {
  it('waits for midnight Pacific time once the day’s quota is spent, asking nothing until then', async () => {
    youtube.spendQuota();
    const ids = Array.from({ length: 120 }, (_, index) => videoId(index + 1));
    const source = metrics();

    const readings = await source.read(ids.map(youtubePost));
    expect(new Set(readings.values())).toEqual(
      new Set([{ kind: 'unavailable', reason: 'quota-exceeded', retryAfterSeconds: 23 * 3600 }]),
    );
    expect(youtube.requests).toHaveLength(1);
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 40, provider: 'youtube-data-api', retryAfterSeconds: 23 * 3600 }),
    ]);

    nowMs += 22 * 3600 * 1000;
    await expect(source.readOne(VIDEO)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'quota-exceeded',
      retryAfterSeconds: 3600,
    });
    expect(youtube.requests).toHaveLength(1);

    youtube.reset();
    youtube.addVideo({ id: VIDEO_ID, viewCount: 7 });
    nowMs += 3600 * 1000;
    await expect(source.readOne(VIDEO)).resolves.toMatchObject({ kind: 'metrics' });
    expect(youtube.requests).toHaveLength(1);
  });

  it('waits as long as a 429’s Retry-After says, sparing the calls after it', async () => {
    youtube.replyOnceWith(YOUTUBE_ERRORS.rateLimited(30));
    const ids = Array.from({ length: 60 }, (_, index) => videoId(index + 1));
    const source = metrics();

    const readings = await source.read(ids.map(youtubePost));
    expect(new Set(readings.values())).toEqual(
      new Set([{ kind: 'unavailable', reason: 'rate-limited', retryAfterSeconds: 30 }]),
    );
    expect(youtube.requests).toHaveLength(1);

    nowMs += 10_000;
    await expect(source.readOne(VIDEO)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'rate-limited',
      retryAfterSeconds: 20,
    });
    nowMs += 20_000;
    await expect(source.readOne(VIDEO)).resolves.toMatchObject({ kind: 'metrics' });
    expect(youtube.requests).toHaveLength(2);
  });

  it('reads a 403 rateLimitExceeded without Retry-After as rate-limited, for the caller to back off', async () => {
    youtube.replyOnceWith(
      youTubeError(403, 'rateLimitExceeded', 'youtube.quota', 'The request was sent too fast.'),
    );
    const source = metrics();
    await expect(source.readOne(VIDEO)).resolves.toEqual({ kind: 'unavailable', reason: 'rate-limited' });
    await expect(source.readOne(VIDEO)).resolves.toMatchObject({ kind: 'metrics' });
  });

  it.each([
    ['November (PST)', '2026-11-21T09:00:00.000Z', '2026-11-22T08:00:00.000Z'],
    ['July (PDT)', '2026-07-01T12:00:00.000Z', '2026-07-02T07:00:00.000Z'],
    ['just before midnight', '2026-01-15T07:59:59.000Z', '2026-01-15T08:00:00.000Z'],
    ['at midnight', '2026-01-15T08:00:00.000Z', '2026-01-16T08:00:00.000Z'],
    ['the night daylight time begins', '2026-03-08T09:00:00.000Z', '2026-03-09T07:00:00.000Z'],
    ['the night daylight time ends', '2026-11-01T08:00:00.000Z', '2026-11-02T08:00:00.000Z'],
  ])('finds the next midnight Pacific time in %s', (_when, now, midnight) => {
    expect(nextPacificMidnight(new Date(now)).toISOString()).toBe(midnight);
  });
});

describe('when there are no figures', () => {
  it.each([
    ['500', youTubeError(500, 'backendError', 'global', 'Backend Error'), { reason: 'status' }],
    [
      '503 with Retry-After',
      { status: 503, body: 'Service Unavailable', headers: { 'retry-after': '120' } },
      { reason: 'status', retryAfterSeconds: 120 },
    ],
    ['an HTML page', { status: 200, body: '<!doctype html><title>Sign in</title>' }, { reason: 'malformed' }],
    ['a JSON array', { status: 200, body: [] }, { reason: 'malformed' }],
    ['items that are not a list', { status: 200, body: { items: {} } }, { reason: 'malformed' }],
    [
      'a video without statistics',
      { status: 200, body: { kind: 'youtube#videoListResponse', items: [{ id: VIDEO_ID }] } },
      { reason: 'malformed' },
    ],
  ] as const)('answers %s as unavailable', async (_name, reply, expected) => {
    youtube.replyOnceWith(reply);
    await expect(metrics().readOne(VIDEO)).resolves.toEqual({ kind: 'unavailable', ...expected });
  });

  it('gives up on YouTube when it does not answer in time', async () => {
    youtube.holdAnswers(1_000);
    await expect(metrics({ timeoutMs: 150 }).readOne(VIDEO)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('reports YouTube that cannot be reached', async () => {
    const port = await closedPort();
    await expect(metrics({ baseUrl: `http://127.0.0.1:${port}` }).readOne(VIDEO)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });

  it('does not follow a redirect, which would carry the key along', async () => {
    youtube.replyOnceWith({ status: 302, headers: { location: 'http://127.0.0.1:9/steal' } });
    await expect(metrics().readOne(VIDEO)).resolves.toEqual({ kind: 'unavailable', reason: 'network' });
  });

  it('logs a key YouTube refuses, without the key', async () => {
    const wrongKey = 'AIzaSyD-not-the-right-key-000000000000';
    const reading = await metrics({ apiKey: wrongKey }).readOne(VIDEO);
    expect(reading).toEqual({ kind: 'unavailable', reason: 'status' });
    expect(logLines).toHaveLength(1);
    expect(JSON.parse(logLines[0] ?? '{}')).toMatchObject({
      level: 50,
      provider: 'youtube-data-api',
      status: 400,
      reasons: ['badRequest'],
      said: 'API key not valid. Please pass a valid API key.',
    });
    expect(logLines[0]).not.toContain(wrongKey);
  });

  it('keeps the key out of what it logs even when YouTube repeats it', async () => {
    youtube.replyOnceWith({
      status: 403,
      body: { error: { code: 403, message: `Key ${API_KEY} is blocked`, errors: [{ reason: 'forbidden' }] } },
    });
    await metrics().readOne(VIDEO);
    expect(logLines.join('')).toContain('Key [redacted] is blocked');
  });

  it('names Google’s own address by default', () => {
    expect(YOUTUBE_DATA_API_URL).toBe('https://www.googleapis.com');
  });
});
