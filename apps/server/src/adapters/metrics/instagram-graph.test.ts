import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import {
  INSTAGRAM_GRAPH_ERRORS,
  startFakeInstagramGraph,
  type FakeInstagramGraph,
} from '../../test/fakes/instagram-graph';
import {
  createInstagramGraphMetrics,
  INSTAGRAM_GRAPH_API_URL,
  type InstagramGraphOptions,
} from './instagram-graph';
import type { MetricsReading, PostToMeasure } from './metrics-source';

const ACCESS_TOKEN = 'IGAAQx7Zk3fake0token0for0tests0only0abcdefghijklmnop';
const SHORTCODE = 'C1a2b3c4d5e';
const POST = `https://www.instagram.com/p/${SHORTCODE}/`;
const MEDIA_ID = '17895695668004550';
const NOW = Date.parse('2026-11-21T09:00:00.000Z');

let instagram: FakeInstagramGraph;
let logLines: string[];
let results: MetricsReading[];

beforeAll(async () => {
  instagram = await startFakeInstagramGraph({ accessToken: ACCESS_TOKEN });
});
afterAll(async () => {
  await instagram?.close();
});
beforeEach(() => {
  instagram.reset();
  logLines = [];
  results = [];
  instagram.addMedia({
    id: MEDIA_ID,
    shortcode: SHORTCODE,
    views: 12_840,
    likes: 911,
    comments: 57,
    shares: 31,
  });
});
afterEach(() => {
  for (const text of [...logLines, ...results.map((result) => JSON.stringify(result))]) {
    expect(text).not.toContain(ACCESS_TOKEN);
  }
});

function metrics(overrides: Partial<InstagramGraphOptions> = {}) {
  const source = createInstagramGraphMetrics({
    baseUrl: instagram.baseUrl,
    accessToken: ACCESS_TOKEN,
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
      const reading = (await source.read([{ url, platform: 'Instagram' }])).get(url);
      if (reading) results.push(reading);
      return reading;
    },
  };
}

const queryOf = (url: string | undefined) =>
  Object.fromEntries(new URL(url ?? '', 'http://fake.invalid').searchParams);
const instagramPost = (shortcode: string): PostToMeasure => ({
  url: `https://www.instagram.com/reel/${shortcode}/`,
  platform: 'Instagram',
});
/** Posts newest first, shortcodes P0000 (the newest) to P{count - 1}. */
function addPosts(count: number) {
  for (let index = count - 1; index >= 0; index -= 1) {
    const shortcode = `P${String(index).padStart(4, '0')}`;
    instagram.addMedia({
      id: `1790000000000${String(index).padStart(4, '0')}`,
      shortcode,
      views: index,
      likes: 1,
    });
  }
}

describe('the Instagram Graph API metrics', () => {
  it('finds the post’s media id by its shortcode, then reads its insights', async () => {
    const source = metrics();
    expect(source.name).toBe('instagram-graph');
    await expect(source.readOne(`${POST}?igsh=MWZ4dGZ2`)).resolves.toEqual({
      kind: 'metrics',
      metrics: { views: 12_840, likes: 911, comments: 57, shares: 31 },
      source: 'instagram-graph',
      readAt: new Date(NOW),
    });
    const [list] = instagram.mediaListCalls();
    expect(list?.url.split('?')[0]).toBe('/v22.0/me/media');
    expect(queryOf(list?.url)).toEqual({ fields: 'id,shortcode', limit: '100', access_token: ACCESS_TOKEN });
    const [insights] = instagram.insightsCalls();
    expect(insights?.url.split('?')[0]).toBe(`/v22.0/${MEDIA_ID}/insights`);
    expect(queryOf(insights?.url)).toEqual({
      metric: 'views,likes,comments,shares',
      access_token: ACCESS_TOKEN,
    });
  });

  it('keeps a media id once found, and asks only for insights next time', async () => {
    const source = metrics();
    await source.readOne(POST);
    await source.readOne(`https://www.instagram.com/summer.beats/reel/${SHORTCODE}`);
    expect(instagram.mediaListCalls()).toHaveLength(1);
    expect(instagram.insightsCalls()).toHaveLength(2);
  });

  it('pages through the account’s media with the after cursor until every post is found', async () => {
    instagram.reset();
    addPosts(250);
    const readings = await metrics().read([instagramPost('P0003'), instagramPost('P0130')]);
    expect(instagram.mediaListCalls().map((call) => queryOf(call.url).after)).toEqual([
      undefined,
      expect.any(String),
    ]);
    expect(readings.get(instagramPost('P0130').url)).toMatchObject({ metrics: { views: 130, likes: 1 } });
  });

  it('looks through the newest thousand posts only, and calls an older one not found', async () => {
    instagram.reset();
    addPosts(1_050);
    await expect(metrics().readOne(instagramPost('P1020').url)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    expect(instagram.mediaListCalls()).toHaveLength(10);
    expect(instagram.insightsCalls()).toHaveLength(0);
  });

  it('calls a post that is not the account’s not found, after the last page', async () => {
    await expect(metrics().readOne('https://www.instagram.com/p/Cnotours00')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    expect(instagram.mediaListCalls()).toHaveLength(1);
  });

  it('says null for a metric Instagram does not count for the post', async () => {
    instagram.addMedia({ id: '17900000000000001', shortcode: 'Cstory0001', views: 40, likes: 2 });
    await expect(metrics().readOne('https://www.instagram.com/p/Cstory0001')).resolves.toMatchObject({
      metrics: { views: 40, likes: 2, comments: null, shares: null },
    });
  });

  it('reads a total_value where Meta gives one instead of values', async () => {
    instagram.replyOnceWith({ status: 200, body: { data: [{ id: MEDIA_ID, shortcode: SHORTCODE }] } });
    instagram.replyOnceWith({
      status: 200,
      body: { data: [{ name: 'views', period: 'lifetime', total_value: { value: 77 } }] },
    });
    await expect(metrics().readOne(POST)).resolves.toMatchObject({
      metrics: { views: 77, likes: null, comments: null, shares: null },
    });
  });

  it('asks nothing for a link that is not an Instagram post', async () => {
    const readings = await metrics().read([
      { url: 'https://www.instagram.com/summer.beats/', platform: 'Instagram' },
      { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', platform: 'Youtube' },
      { url: POST, platform: 'TikTok' },
    ]);
    expect([...readings.values()]).toEqual(Array(3).fill({ kind: 'unavailable', reason: 'unsupported' }));
    expect(instagram.requests).toEqual([]);
  });
});

describe('when there are no figures', () => {
  it('stops asking for insights in a read once Instagram’s rate limit is reached', async () => {
    instagram.reset();
    addPosts(5);
    instagram.replyOnceWith({
      status: 200,
      body: {
        data: ['P0000', 'P0001', 'P0002'].map((shortcode, index) => ({
          id: `1790000000000000${index}`,
          shortcode,
        })),
      },
    });
    instagram.replyOnceWith(INSTAGRAM_GRAPH_ERRORS.applicationLimit);
    const readings = await metrics().read(['P0000', 'P0001', 'P0002'].map(instagramPost));
    expect(new Set(readings.values())).toEqual(new Set([{ kind: 'unavailable', reason: 'rate-limited' }]));
    expect(instagram.insightsCalls()).toHaveLength(1);
  });

  it('answers every post with the media list’s failure', async () => {
    instagram.replyOnceWith({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '90' } });
    const readings = await metrics().read([instagramPost(SHORTCODE), instagramPost('Cother0000')]);
    expect(new Set(readings.values())).toEqual(
      new Set([{ kind: 'unavailable', reason: 'rate-limited', retryAfterSeconds: 90 }]),
    );
    expect(instagram.requests).toHaveLength(1);
  });

  it('calls media Instagram no longer has not found', async () => {
    instagram.replyOnceWith({
      status: 200,
      body: { data: [{ id: '17999999999999999', shortcode: SHORTCODE }] },
    });
    await expect(metrics().readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
  });

  it('logs a token Instagram refuses, without the token', async () => {
    const wrongToken = 'IGAAQx7Zk3not0the0right0token000000000000000000000';
    await expect(metrics({ accessToken: wrongToken }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'status',
    });
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: 50,
        provider: 'instagram-graph',
        code: 190,
        msg: 'Instagram refused INSTAGRAM_GRAPH_TOKEN: the account must grant the app access again',
      }),
    ]);
    expect(logLines.join('')).not.toContain(wrongToken);
  });

  it('logs a request Instagram refuses for another reason, such as a metric its version does not know', async () => {
    const source = metrics();
    await source.readOne(POST);
    instagram.replyOnceWith(INSTAGRAM_GRAPH_ERRORS.invalidMetric);
    await expect(source.readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason: 'status' });
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: 40,
        provider: 'instagram-graph',
        status: 400,
        code: 100,
        msg: 'Instagram refused a metrics request',
      }),
    ]);
  });

  it.each([
    ['500', { status: 500, body: 'Internal Server Error' }, 'status'],
    ['an HTML page', { status: 200, body: '<!doctype html><title>Log in</title>' }, 'malformed'],
    ['a media list that is not a list', { status: 200, body: { data: {} } }, 'malformed'],
  ] as const)('answers %s from the media list as unavailable', async (_name, reply, reason) => {
    instagram.replyOnceWith(reply);
    await expect(metrics().readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason });
  });

  it('answers insights that are not a list as malformed', async () => {
    const source = metrics();
    await source.readOne(POST);
    instagram.replyOnceWith({ status: 200, body: { insights: [] } });
    await expect(source.readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason: 'malformed' });
  });

  it('gives up on Instagram when it does not answer in time', async () => {
    instagram.holdAnswers(1_000);
    await expect(metrics({ timeoutMs: 150 }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('reports Instagram that cannot be reached', async () => {
    const port = await closedPort();
    await expect(metrics({ baseUrl: `http://127.0.0.1:${port}/v22.0` }).readOne(POST)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });

  it('does not follow a redirect, which would carry the token along', async () => {
    instagram.replyOnceWith({ status: 302, headers: { location: 'http://127.0.0.1:9/steal' } });
    await expect(metrics().readOne(POST)).resolves.toEqual({ kind: 'unavailable', reason: 'network' });
  });

  it('names Instagram’s own address by default', () => {
    expect(INSTAGRAM_GRAPH_API_URL).toBe('https://graph.instagram.com/v22.0');
  });
});
