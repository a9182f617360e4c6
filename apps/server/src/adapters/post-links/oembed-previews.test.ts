import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectInto } from '../../test/capture';
import { closedPort } from '../../test/fake-http-server';
import { startFakeOEmbed, type FakeOEmbed } from '../../test/fakes/oembed';
import { createOEmbedPreviews, OEMBED_ENDPOINTS, type OEmbedPreviewsOptions } from './oembed-previews';
import type { PreviewResult } from './post-previews';
import { postPreviewsFor } from './post-previews-for';

const INSTAGRAM_TOKEN = '1234567890123456|Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';
const TIKTOK_POST = 'https://www.tiktok.com/@scout2015/video/6718335390845095173';
const YOUTUBE_POST = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const INSTAGRAM_POST = 'https://www.instagram.com/p/C1a2b3c4d5e';
const TIKTOK_THUMBNAIL =
  'https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/abc123?x-expires=1700000000';

let oembed: FakeOEmbed;
let logLines: string[];
let results: PreviewResult[];
let nowMs: number;

beforeAll(async () => {
  oembed = await startFakeOEmbed({ instagramToken: INSTAGRAM_TOKEN });
});
afterAll(async () => {
  await oembed?.close();
});
beforeEach(() => {
  oembed.reset();
  logLines = [];
  results = [];
  nowMs = 1_000_000;
  oembed.addPost({
    provider: 'tiktok',
    url: TIKTOK_POST,
    title: 'Scramble up ur name & I’ll try to guess it😍❤️ #foryoupage #petsoftiktok',
    authorName: 'Scout, Suki & Stella',
    authorUniqueId: 'scout2015',
    authorUrl: 'https://www.tiktok.com/@scout2015',
    thumbnailUrl: TIKTOK_THUMBNAIL,
  });
  oembed.addPost({
    provider: 'youtube',
    url: YOUTUBE_POST,
    title: 'Rick Astley - Never Gonna Give You Up (Official Video)',
    authorName: 'Rick Astley',
    authorUrl: 'https://www.youtube.com/@RickAstleyYT',
    thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  });
  oembed.addPost({
    provider: 'instagram',
    url: INSTAGRAM_POST,
    authorName: 'summer.beats',
    thumbnailUrl: 'https://scontent.cdninstagram.com/v/t51.2885-15/abc.jpg',
  });
});
afterEach(() => {
  // Whatever a test did, the app token may not have reached a log line or an answer.
  for (const text of [...logLines, ...results.map((result) => JSON.stringify(result))]) {
    expect(text).not.toContain(INSTAGRAM_TOKEN);
  }
});

function previews(overrides: Partial<OEmbedPreviewsOptions> = {}) {
  const client = createOEmbedPreviews({
    endpoints: oembed.endpoints,
    instagramToken: INSTAGRAM_TOKEN,
    timeoutMs: 2_000,
    cache: { clock: { now: () => nowMs } },
    logger: pino({ level: 'trace' }, collectInto(logLines)),
    ...overrides,
  });
  return {
    async previewUrl(...args: Parameters<typeof client.previewUrl>) {
      const result = await client.previewUrl(...args);
      results.push(result);
      return result;
    },
  };
}

describe('oEmbed previews', () => {
  it('gets a TikTok post’s thumbnail, caption and author, asking by the post’s canonical link', async () => {
    await expect(
      previews().previewUrl(
        `https://m.tiktok.com/@scout2015/video/6718335390845095173/?_r=1&_t=8kG`,
        'TikTok',
      ),
    ).resolves.toEqual({
      kind: 'preview',
      thumbnailUrl: TIKTOK_THUMBNAIL,
      title: 'Scramble up ur name & I’ll try to guess it😍❤️ #foryoupage #petsoftiktok',
      authorName: 'Scout, Suki & Stella',
      authorHandle: 'scout2015',
    });
    expect(oembed.requestsTo('tiktok').map((query) => Object.fromEntries(query))).toEqual([
      { url: TIKTOK_POST },
    ]);
  });

  it('reads no handle from a YouTube channel link, nor from a profile link that is not a handle', async () => {
    const channelPost = 'https://www.youtube.com/watch?v=9bZkp7q19f0';
    oembed.addPost({
      provider: 'youtube',
      url: channelPost,
      authorName: 'officialpsy',
      authorUrl: 'https://www.youtube.com/channel/UCrDkAvwZum-UTjHmzDI2iIw',
      thumbnailUrl: 'https://i.ytimg.com/vi/9bZkp7q19f0/hqdefault.jpg',
    });
    const preview = await previews().previewUrl(channelPost, 'Youtube');
    expect(preview).toMatchObject({ kind: 'preview', authorName: 'officialpsy' });
    expect(preview).not.toHaveProperty('authorHandle');
  });

  it('asks YouTube for JSON', async () => {
    await expect(previews().previewUrl(`${YOUTUBE_POST}&si=share`, 'Youtube')).resolves.toMatchObject({
      kind: 'preview',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      authorName: 'Rick Astley',
      authorHandle: 'RickAstleyYT',
    });
    expect(oembed.requestsTo('youtube').map((query) => Object.fromEntries(query))).toEqual([
      { url: YOUTUBE_POST, format: 'json' },
    ]);
  });

  it('asks Instagram’s Graph endpoint with the app token', async () => {
    await expect(previews().previewUrl(`${INSTAGRAM_POST}/?igsh=abc`, 'Instagram')).resolves.toEqual({
      kind: 'preview',
      thumbnailUrl: 'https://scontent.cdninstagram.com/v/t51.2885-15/abc.jpg',
      authorName: 'summer.beats',
      authorHandle: 'summer.beats',
    });
    expect(oembed.requestsTo('instagram')[0]?.get('access_token')).toBe(INSTAGRAM_TOKEN);
  });

  it('does not ask Instagram without an app token, saying it is not configured', async () => {
    await expect(
      previews({ instagramToken: undefined }).previewUrl(INSTAGRAM_POST, 'Instagram'),
    ).resolves.toEqual({ kind: 'unavailable', reason: 'not-configured' });
    expect(oembed.requests).toEqual([]);
  });

  it('asks nobody for a Snapchat post, a link that is not a post, or a post of another platform', async () => {
    const client = previews();
    await expect(
      client.previewUrl('https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYd2Fy', 'Snapchat'),
    ).resolves.toEqual({ kind: 'unavailable', reason: 'unsupported' });
    await expect(client.previewUrl('https://www.tiktok.com/@scout2015', 'TikTok')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-a-post',
    });
    await expect(client.previewUrl(YOUTUBE_POST, 'TikTok')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-a-post',
    });
    expect(oembed.requests).toEqual([]);
  });

  it('shows a caption on one line, without control characters, cut to 200 characters', async () => {
    const longPost = 'https://www.tiktok.com/@maker/video/7300000000000000002';
    oembed.addPost({
      provider: 'tiktok',
      url: longPost,
      title: `Day one\n\tof the\u0007 challenge ${'#summerbeats '.repeat(40)}`,
      authorName: '   ',
      thumbnailUrl: TIKTOK_THUMBNAIL,
    });
    const preview = await previews().previewUrl(longPost, 'TikTok');
    expect(preview.kind).toBe('preview');
    const title = preview.kind === 'preview' ? (preview.title ?? '') : '';
    expect(title.startsWith('Day one of the challenge #summerbeats')).toBe(true);
    expect(title).toHaveLength(200);
    expect(title.endsWith('…')).toBe(true);
    expect(preview).not.toHaveProperty('authorName');
  });
});

describe('when there is no preview', () => {
  it('says a post the provider does not know is not found', async () => {
    await expect(
      previews().previewUrl('https://www.youtube.com/watch?v=AAAAAAAAAAA', 'Youtube'),
    ).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
    await expect(
      previews().previewUrl('https://www.instagram.com/reel/Cunknown000', 'Instagram'),
    ).resolves.toEqual({ kind: 'unavailable', reason: 'not-found' });
  });

  it.each([
    ['500', { status: 500, body: 'Internal Server Error' }, 'status'],
    ['503 from a proxy', { status: 503, body: '<html>Service Unavailable</html>' }, 'status'],
    ['429', { status: 429, body: 'Too Many Requests', headers: { 'retry-after': '30' } }, 'status'],
    ['401 (a private video)', { status: 401, body: 'Unauthorized' }, 'refused'],
    ['403 (embedding turned off)', { status: 403, body: 'Forbidden' }, 'refused'],
    [
      'an HTML page instead of JSON',
      { status: 200, body: '<!doctype html><title>Sign in</title>' },
      'malformed',
    ],
    ['a JSON array', { status: 200, body: [] }, 'malformed'],
    ['no thumbnail', { status: 200, body: { version: '1.0', type: 'video', title: 'x' } }, 'no-thumbnail'],
    [
      'a thumbnail over plain http',
      { status: 200, body: { version: '1.0', thumbnail_url: 'http://i.ytimg.com/vi/x/hqdefault.jpg' } },
      'no-thumbnail',
    ],
    [
      'a thumbnail that is script',
      { status: 200, body: { version: '1.0', thumbnail_url: 'javascript:alert(1)' } },
      'no-thumbnail',
    ],
    [
      'a thumbnail with credentials in it',
      { status: 200, body: { version: '1.0', thumbnail_url: 'https://user:pass@i.ytimg.com/x.jpg' } },
      'no-thumbnail',
    ],
  ] as const)('answers %s as unavailable', async (_name, reply, reason) => {
    oembed.replyOnceWith('youtube', reply);
    await expect(previews().previewUrl(YOUTUBE_POST, 'Youtube')).resolves.toEqual({
      kind: 'unavailable',
      reason,
    });
  });

  it('gives up on a provider that does not answer in time', async () => {
    oembed.holdAnswers(1_000);
    await expect(previews({ timeoutMs: 150 }).previewUrl(TIKTOK_POST, 'TikTok')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
  });

  it('reports a provider that cannot be reached', async () => {
    const port = await closedPort();
    const endpoints = { ...oembed.endpoints, tiktok: `http://127.0.0.1:${port}/oembed` };
    await expect(previews({ endpoints }).previewUrl(TIKTOK_POST, 'TikTok')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });

  it('logs Instagram refusing the app token, without the token', async () => {
    const wrongToken = '6543210987654321|notTheRightClientToken00000000';
    const result = await previews({ instagramToken: wrongToken }).previewUrl(INSTAGRAM_POST, 'Instagram');
    expect(result).toEqual({ kind: 'unavailable', reason: 'refused' });
    expect(logLines).toHaveLength(1);
    expect(JSON.parse(logLines[0] ?? '{}')).toMatchObject({
      level: 50,
      provider: 'instagram-oembed',
      status: 400,
      msg: 'Instagram refused INSTAGRAM_OEMBED_TOKEN: check the Meta app token (app-id|client-token)',
    });
    expect(logLines[0]).not.toContain(wrongToken);
  });

  it('does not follow a redirect, which would carry the app token along', async () => {
    oembed.replyOnceWith('instagram', { status: 302, headers: { location: 'http://127.0.0.1:9/steal' } });
    await expect(previews().previewUrl(INSTAGRAM_POST, 'Instagram')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
  });
});

describe('kept answers', () => {
  it('keeps a preview by the canonical link, until it is fifteen minutes old', async () => {
    const client = previews();
    await client.previewUrl(TIKTOK_POST, 'TikTok');
    await client.previewUrl(`https://m.tiktok.com/@scout2015/video/6718335390845095173/?_r=1`, 'TikTok');
    nowMs += 15 * 60 * 1000 - 1;
    await client.previewUrl(`${TIKTOK_POST}?is_from_webapp=1`, 'TikTok');
    expect(oembed.requestsTo('tiktok')).toHaveLength(1);

    nowMs += 2;
    await expect(client.previewUrl(TIKTOK_POST, 'TikTok')).resolves.toMatchObject({ kind: 'preview' });
    expect(oembed.requestsTo('tiktok')).toHaveLength(2);
  });

  it('keeps a post that was not found', async () => {
    const client = previews();
    const missing = 'https://www.youtube.com/watch?v=AAAAAAAAAAA';
    await client.previewUrl(missing, 'Youtube');
    await expect(client.previewUrl(missing, 'Youtube')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-found',
    });
    expect(oembed.requestsTo('youtube')).toHaveLength(1);
  });

  it('asks again after a failure, a time-out or a refusal', async () => {
    const client = previews({ timeoutMs: 150 });
    oembed.replyOnceWith('youtube', { status: 503, body: 'Service Unavailable' });
    oembed.replyOnceWith('youtube', { status: 403, body: 'Forbidden' });
    oembed.replyOnceWith('youtube', {
      status: 200,
      body: { thumbnail_url: 'https://i.ytimg.com/x.jpg' },
      delayMs: 1_000,
    });
    await expect(client.previewUrl(YOUTUBE_POST, 'Youtube')).resolves.toMatchObject({ reason: 'status' });
    await expect(client.previewUrl(YOUTUBE_POST, 'Youtube')).resolves.toMatchObject({ reason: 'refused' });
    await expect(client.previewUrl(YOUTUBE_POST, 'Youtube')).resolves.toMatchObject({ reason: 'timeout' });
    await expect(client.previewUrl(YOUTUBE_POST, 'Youtube')).resolves.toMatchObject({ kind: 'preview' });
    expect(oembed.requestsTo('youtube')).toHaveLength(4);
  });

  it('asks once for a post wanted by several cards at the same time', async () => {
    const client = previews();
    oembed.holdAnswers(100);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.previewUrl(YOUTUBE_POST, 'Youtube')),
    );
    expect(answers.every((answer) => answer.kind === 'preview')).toBe(true);
    expect(oembed.requestsTo('youtube')).toHaveLength(1);
  });

  it('forgets the least recently asked post when full', async () => {
    const client = previews({ cache: { size: 1, clock: { now: () => nowMs } } });
    await client.previewUrl(TIKTOK_POST, 'TikTok');
    await client.previewUrl(YOUTUBE_POST, 'Youtube');
    await client.previewUrl(TIKTOK_POST, 'TikTok');
    expect(oembed.requestsTo('tiktok')).toHaveLength(2);
  });
});

describe('choice by POST_PREVIEWS', () => {
  it('asks oEmbed when configured', async () => {
    const chosen = postPreviewsFor(
      { endpoints: oembed.endpoints, instagramToken: undefined },
      { timeoutMs: 2_000 },
    );
    await expect(chosen.previewUrl(TIKTOK_POST, 'TikTok')).resolves.toMatchObject({ kind: 'preview' });
    await expect(chosen.previewUrl(INSTAGRAM_POST, 'Instagram')).resolves.toEqual({
      kind: 'unavailable',
      reason: 'not-configured',
    });
  });

  it('names the providers’ real endpoints by default', () => {
    expect(OEMBED_ENDPOINTS).toEqual({
      tiktok: 'https://www.tiktok.com/oembed',
      youtube: 'https://www.youtube.com/oembed',
      instagram: 'https://graph.facebook.com/v19.0/instagram_oembed',
    });
  });
});
