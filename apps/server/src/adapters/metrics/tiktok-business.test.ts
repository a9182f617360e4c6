import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import {
  startFakeTikTokBusiness,
  TIKTOK_BUSINESS_ERRORS,
  type FakeTikTokBusiness,
} from '../../test/fakes/tiktok-business';
import type { MetricsReading, PostToMeasure } from './metrics-source';
import {
  createTikTokBusinessMetrics,
  TIKTOK_BUSINESS_API_URL,
  type TikTokBusinessOptions,
} from './tiktok-business';

const ACCESS_TOKEN = 'act.3f9a2c7e5b1d4a8f0e6c2b9d7a5f3e1c.live';
const BUSINESS_ID = '-000Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9';
const ITEM_ID = '7301234567890123456';
const POST = `https://www.tiktok.com/@summer.beats/video/${ITEM_ID}`;
const NOW = Date.parse('2026-11-21T09:00:00.000Z');

let tiktok: FakeTikTokBusiness;
let logLines: string[];
let results: MetricsReading[];

beforeAll(async () => {
  tiktok = await startFakeTikTokBusiness({ accessToken: ACCESS_TOKEN, businessId: BUSINESS_ID });
});
afterAll(async () => {
  await tiktok?.close();
});
beforeEach(() => {
  tiktok.reset();
  logLines = [];
  results = [];
  tiktok.addVideo({ itemId: ITEM_ID, videoViews: 48_211, likes: 5_120, comments: 233, shares: 87 });
});
afterEach(() => {
  for (const text of [...logLines, ...results.map((result) => JSON.stringify(result))]) {
    expect(text).not.toContain(ACCESS_TOKEN);
  }
});

function metrics(overrides: Partial<TikTokBusinessOptions> = {}) {
  const source = createTikTokBusinessMetrics({
    baseUrl: tiktok.url,
    accessToken: ACCESS_TOKEN,
    businessId: BUSINESS_ID,
    timeoutMs: 2_000,
    clock: { now: () => new Date(NOW) },
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
      const reading = (await source.read([{ url, platform: 'TikTok' }])).get(url);
      if (reading) results.push(reading);
      return reading;
    },
  };
}

const tiktokPost = (itemId: string): PostToMeasure => ({
  url: `https://www.tiktok.com/@summer.beats/video/${itemId}`,
  platform: 'TikTok',
});

describe('the TikTok API for Business metrics', () => {
  it('reads a video’s views, likes, comments and shares, asking as TikTok documents', async () => {
    const source = metrics();
    expect(source.name).toBe('tiktok-business');
    await expect(source.readOne(`${POST}?is_from_webapp=1&sender_device=pc`)).resolves.toEqual({
      kind: 'metrics',
      metrics: { views: 48_211, likes: 5_120, comments: 233, shares: 87 },
      source: 'tiktok-business',
      readAt: new Date(NOW),
    });
    const [request] = tiktok.requests;
    expect(request?.method).toBe('GET');
    expect(request?.headers['access-token']).toBe(ACCESS_TOKEN);
    const query = new URL(request?.url ?? '', 'http://fake.invalid').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      business_id: BUSINESS_ID,
      fields: '["item_id","video_views","likes","comments","shares"]',
      filters: `{"video_ids":["${ITEM_ID}"]}`,
      max_count: '20',
    });
    expect(request?.url).not.toContain(ACCESS_TOKEN);
  });

  it('asks for 45 videos in three calls of at most 20, and a photo post like a video', async () => {
    const ids = Array.from(
      { length: 45 },
      (_, index) => `73000000000000000${String(index).padStart(2, '0')}`,
    );
    ids.forEach((itemId, index) =>
      tiktok.addVideo({ itemId, videoViews: index, likes: 0, comments: 0, shares: 0 }),
    );
    const posts = ids.map(tiktokPost);
    posts[0] = { url: `https://www.tiktok.com/@summer.beats/photo/${ids[0]}`, platform: 'TikTok' };

    const readings = await metrics().read(posts);

    expect(tiktok.filteredIds().map((filtered) => filtered.length)).toEqual([20, 20, 5]);
    expect([...readings.values()].every((reading) => reading.kind === 'metrics')).toBe(true);
    expect(readings.get(tiktokPost(ids[44] ?? '').url)).toMatchObject({ metrics: { views: 44 } });
  });

  it('calls a video TikTok does not list (another account’s, or deleted) not found', async () => {
    const readings = await metrics().read([tiktokPost('7399999999999999999'), tiktokPost(ITEM_ID)]);
    expect(readings.get(tiktokPost('7399999999999999999').url)).toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    expect(readings.get(tiktokPost(ITEM_ID).url)).toMatchObject({ kind: 'metrics' });
  });

  it('asks nothing for a short link, which names its video only once resolved, or another platform’s post', async () => {
    const readings = await metrics().read([
      { url: 'https://vm.tiktok.com/ZMabc123/', platform: 'TikTok' },
      { url: 'https://www.tiktok.com/t/ZTRabc123/', platform: 'TikTok' },
      { url: 'https://www.tiktok.com/@summer.beats', platform: 'TikTok' },
      { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', platform: 'Youtube' },
    ]);
    expect([...readings.values()]).toEqual(Array(4).fill({ kind: 'unavailable', reason: 'unsupported' }));
    expect(tiktok.requests).toEqual([]);
  });
});

describe('when there are no figures', () => {
  it('reads return code 40100 as a rate limit, and makes no more calls in that read', async () => {
    tiktok.replyOnceWith(TIKTOK_BUSINESS_ERRORS.tooManyRequests());
    const ids = Array.from(
      { length: 30 },
      (_, index) => `73000000000000000${String(index).padStart(2, '0')}`,
    );
    const readings = await metrics().read(ids.map(tiktokPost));
    expect(new Set(readings.values())).toEqual(new Set([{ kind: 'unavailable', reason: 'rate-limited' }]));
    expect(tiktok.requests).toHaveLength(1);
  });

  it('waits as long as a 429’s Retry-After says', async () => {
    tiktok.replyOnceWith({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '60' } });
    await expect(metrics().readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'rate-limited',
      retryAfterSeconds: 60,
    });
  });

  it('logs a token TikTok refuses, without the token', async () => {
    const wrongToken = 'act.0000000000000000000000000000000.revoked';
    await expect(metrics({ accessToken: wrongToken }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'status',
    });
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: 50,
        provider: 'tiktok-business',
        code: 40105,
        said: 'Access token is incorrect or has been revoked.',
        msg: 'TikTok refused TIKTOK_BUSINESS_TOKEN: the account must grant the app access again',
      }),
    ]);
    expect(logLines.join('')).not.toContain(wrongToken);
  });

  it('logs a business id the token does not belong to', async () => {
    await expect(metrics({ businessId: 'another-account' }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'status',
    });
    expect(JSON.parse(logLines[0] ?? '{}')).toMatchObject({
      level: 50,
      code: 40001,
      msg: 'TikTok refused the video list: check TIKTOK_BUSINESS_ID and the scopes the account granted',
    });
  });

  it.each([
    ['a system error', { status: 200, body: { code: 50000, message: 'System error', data: {} } }, 'status'],
    ['500', { status: 500, body: 'Internal Server Error' }, 'status'],
    ['an HTML page', { status: 200, body: '<html><body>Gateway</body></html>' }, 'malformed'],
    ['no return code', { status: 200, body: { data: { videos: [] } } }, 'malformed'],
    ['no video list', { status: 200, body: { code: 0, message: 'OK', data: {} } }, 'malformed'],
  ] as const)('answers %s as unavailable', async (_name, reply, reason) => {
    tiktok.replyOnceWith(reply);
    await expect(metrics().readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason });
  });

  it('gives up on TikTok when it does not answer in time', async () => {
    tiktok.holdAnswers(1_000);
    await expect(metrics({ timeoutMs: 150 }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('reports TikTok that cannot be reached', async () => {
    const port = await closedPort();
    await expect(metrics({ baseUrl: `http://127.0.0.1:${port}` }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });

  it('does not follow a redirect, which would carry the token along', async () => {
    tiktok.replyOnceWith({ status: 307, headers: { location: 'http://127.0.0.1:9/steal' } });
    await expect(metrics().readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason: 'network' });
  });

  it('names TikTok’s own address by default', () => {
    expect(TIKTOK_BUSINESS_API_URL).toBe('https://business-api.tiktok.com');
  });
});
