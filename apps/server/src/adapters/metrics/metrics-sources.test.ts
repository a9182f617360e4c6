import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarketingPlatform } from '@platform/shared';
import { startFakeInstagramGraph, type FakeInstagramGraph } from '../../test/fakes/instagram-graph';
import { startFakeTikTokBusiness, type FakeTikTokBusiness } from '../../test/fakes/tiktok-business';
import { startFakeYouTubeDataApi, type FakeYouTubeDataApi } from '../../test/fakes/youtube-data-api';
import { metricsSourcesByPlatform, metricsSourcesFor, type MetricsSettings } from './metrics-sources';

const YOUTUBE_KEY = 'AIzaSyD-sources-test-key-0123456789ab';
const TIKTOK_TOKEN = 'act.sources0test0token0123456789abcdef';
const INSTAGRAM_TOKEN = 'IGAAsources0test0token0123456789';

const YOUTUBE_POST = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const TIKTOK_POST = 'https://www.tiktok.com/@summer.beats/video/7301234567890123456';
const INSTAGRAM_POST = 'https://www.instagram.com/p/C1a2b3c4d5e/';
const POSTS = [
  { url: YOUTUBE_POST, platform: 'Youtube' },
  { url: TIKTOK_POST, platform: 'TikTok' },
  { url: INSTAGRAM_POST, platform: 'Instagram' },
] as const;

let youtube: FakeYouTubeDataApi;
let tiktok: FakeTikTokBusiness;
let instagram: FakeInstagramGraph;
let everyPlatform: MetricsSettings;

beforeAll(async () => {
  [youtube, tiktok, instagram] = await Promise.all([
    startFakeYouTubeDataApi({ apiKey: YOUTUBE_KEY }),
    startFakeTikTokBusiness({ accessToken: TIKTOK_TOKEN, businessId: 'business-42' }),
    startFakeInstagramGraph({ accessToken: INSTAGRAM_TOKEN }),
  ]);
  everyPlatform = {
    youtube: { baseUrl: youtube.url, apiKey: YOUTUBE_KEY },
    tiktok: { baseUrl: tiktok.url, accessToken: TIKTOK_TOKEN, businessId: 'business-42' },
    instagram: { baseUrl: instagram.baseUrl, accessToken: INSTAGRAM_TOKEN },
  };
});
afterAll(async () => {
  await Promise.all([youtube?.close(), tiktok?.close(), instagram?.close()]);
});
beforeEach(() => {
  youtube.reset();
  tiktok.reset();
  instagram.reset();
  youtube.addVideo({ id: 'dQw4w9WgXcQ', viewCount: 100, likeCount: 10, commentCount: 1 });
  tiktok.addVideo({ itemId: '7301234567890123456', videoViews: 200, likes: 20, comments: 2, shares: 3 });
  instagram.addMedia({
    id: '17895695668004550',
    shortcode: 'C1a2b3c4d5e',
    views: 300,
    likes: 30,
    comments: 3,
    shares: 4,
  });
});

const offline = { youtube: undefined, tiktok: undefined, instagram: undefined };

describe('metrics sources chosen by configuration', () => {
  it('asks no one without keys, and says every platform is not configured', async () => {
    const source = metricsSourcesFor(offline);
    expect(source.name).toBe('Youtube: offline, Instagram: offline, TikTok: offline');
    const readings = await source.read(POSTS);
    expect([...readings.values()]).toEqual(Array(3).fill({ kind: 'unavailable', reason: 'not-configured' }));
    expect([...youtube.requests, ...tiktok.requests, ...instagram.requests]).toEqual([]);
  });

  it('asks each configured platform for its own posts, and only those', async () => {
    const source = metricsSourcesFor(everyPlatform, { timeoutMs: 2_000 });
    expect(source.name).toBe(
      'Youtube: youtube-data-api, Instagram: instagram-graph, TikTok: tiktok-business',
    );
    const readings = await source.read(POSTS);
    expect(
      Object.fromEntries(
        [...readings].map(([url, reading]) => [
          url,
          reading.kind === 'metrics' ? [reading.source, reading.metrics.views] : reading,
        ]),
      ),
    ).toEqual({
      [YOUTUBE_POST]: ['youtube-data-api', 100],
      [TIKTOK_POST]: ['tiktok-business', 200],
      [INSTAGRAM_POST]: ['instagram-graph', 300],
    });
    expect(youtube.requests).toHaveLength(1);
    expect(tiktok.requests).toHaveLength(1);
    expect(instagram.requests).toHaveLength(2);
  });

  it('reads a configured platform and leaves the others offline', async () => {
    const readings = await metricsSourcesFor({ ...offline, youtube: everyPlatform.youtube }).read(POSTS);
    expect(readings.get(YOUTUBE_POST)).toMatchObject({ kind: 'metrics', source: 'youtube-data-api' });
    expect(readings.get(TIKTOK_POST)).toEqual({ kind: 'unavailable', reason: 'not-configured' });
    expect(readings.get(INSTAGRAM_POST)).toEqual({ kind: 'unavailable', reason: 'not-configured' });
  });

  it('calls a post of a platform without metrics unsupported', async () => {
    const snap = {
      url: 'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYd2Fy',
      platform: 'Snapchat',
    };
    const readings = await metricsSourcesFor(everyPlatform).read([
      snap as unknown as { url: string; platform: MarketingPlatform },
    ]);
    expect(readings.get(snap.url)).toEqual({ kind: 'unavailable', reason: 'unsupported' });
  });

  it('gives each platform its own source, for a job to pace apart', () => {
    const sources = metricsSourcesByPlatform({ ...offline, instagram: everyPlatform.instagram });
    expect({
      Youtube: sources.Youtube.name,
      TikTok: sources.TikTok.name,
      Instagram: sources.Instagram.name,
    }).toEqual({ Youtube: 'offline', TikTok: 'offline', Instagram: 'instagram-graph' });
  });
});
