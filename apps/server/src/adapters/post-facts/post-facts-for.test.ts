import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../test/fake-http-server';
import { createOfflinePostFacts } from './offline-post-facts';
import { postFactsQuery, type PostFactsQuery } from './post-facts';
import { postFactsFor } from './post-facts-for';
import { instantOf, unixSecondsOf } from './post-facts-replies';

const YOUTUBE: PostFactsQuery = {
  platform: 'Youtube',
  postId: 'dQw4w9WgXcQ',
  postUrl: 'https://youtu.be/dQw4w9WgXcQ',
};
const TIKTOK: PostFactsQuery = {
  platform: 'TikTok',
  postId: '7301234567890123456',
  postUrl: 'https://www.tiktok.com/@summer.beats/video/7301234567890123456',
  accessToken: 'act.creator-token',
};
const INSTAGRAM: PostFactsQuery = {
  platform: 'Instagram',
  postId: 'C1a2b3c4d5e',
  postUrl: 'https://www.instagram.com/p/C1a2b3c4d5e',
  accessToken: 'EAAG-creator-token',
};

let server: Awaited<ReturnType<typeof startFakeHttpServer>>;

beforeAll(async () => {
  server = await startFakeHttpServer(() => ({
    status: 200,
    body: {
      kind: 'youtube#videoListResponse',
      items: [{ id: 'dQw4w9WgXcQ', snippet: { publishedAt: '2009-10-25T06:57:33Z', channelId: 'UC1' } }],
    },
  }));
});
afterAll(async () => {
  await server?.close();
});

describe('the offline post facts', () => {
  it('asks no one and says the facts are not known, for every platform and even with a token', async () => {
    const offline = createOfflinePostFacts();
    for (const query of [YOUTUBE, TIKTOK, INSTAGRAM]) {
      await expect(offline.factsOf(query)).resolves.toEqual({ kind: 'unknown', reason: 'not-configured' });
    }
  });
});

describe('postFactsFor', () => {
  it('is the offline reader without settings', async () => {
    const reader = postFactsFor(undefined);
    for (const query of [YOUTUBE, TIKTOK, INSTAGRAM]) {
      await expect(reader.factsOf(query)).resolves.toEqual({ kind: 'unknown', reason: 'not-configured' });
    }
  });

  it('asks each configured platform’s client, and answers the others not configured', async () => {
    server.requests.length = 0;
    const reader = postFactsFor({ youtube: { baseUrl: server.url, apiKey: 'key' } }, { timeoutMs: 2_000 });
    await expect(reader.factsOf(YOUTUBE)).resolves.toMatchObject({
      kind: 'facts',
      publishedAt: new Date('2009-10-25T06:57:33Z'),
      authorAccountId: 'UC1',
      source: 'youtube-data-api',
    });
    await expect(reader.factsOf(TIKTOK)).resolves.toEqual({ kind: 'unknown', reason: 'not-configured' });
    await expect(reader.factsOf(INSTAGRAM)).resolves.toEqual({ kind: 'unknown', reason: 'not-configured' });
    expect(server.requests).toHaveLength(1);
  });

  it('answers a platform it has no client for unsupported', async () => {
    const reader = postFactsFor({ youtube: { baseUrl: server.url, apiKey: 'key' } });
    const snapchat = { ...YOUTUBE, platform: 'Snapchat' } as unknown as PostFactsQuery;
    await expect(reader.factsOf(snapchat)).resolves.toEqual({ kind: 'unknown', reason: 'unsupported' });
  });
});

describe('postFactsQuery', () => {
  it('reads the platform and the post’s id from its link, as entries identify posts', () => {
    expect(postFactsQuery('youtube.com/shorts/dQw4w9WgXcQ?si=abc')).toEqual({
      platform: 'Youtube',
      postId: 'dQw4w9WgXcQ',
      postUrl: 'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    });
    expect(
      postFactsQuery('https://www.tiktok.com/@summer.beats/video/7301234567890123456', { accessToken: 't' }),
    ).toMatchObject({ platform: 'TikTok', postId: '7301234567890123456', accessToken: 't' });
    expect(
      postFactsQuery('https://instagram.com/summer.beats/reel/C1a2b3c4d5e/', { accountId: '178' }),
    ).toEqual({
      platform: 'Instagram',
      postId: 'C1a2b3c4d5e',
      postUrl: 'https://www.instagram.com/summer.beats/reel/C1a2b3c4d5e',
      accountId: '178',
    });
  });

  it('has no query for what is not a post of the three platforms', () => {
    expect(postFactsQuery('https://www.youtube.com/@RickAstleyYT')).toBeUndefined();
    expect(postFactsQuery('https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYZ')).toBeUndefined();
    expect(postFactsQuery('not a link')).toBeUndefined();
  });
});

describe('the instants platforms write', () => {
  it.each([
    ['2009-10-25T06:57:33Z', '2009-10-25T06:57:33.000Z'],
    ['2009-10-25T06:57:33.5Z', '2009-10-25T06:57:33.500Z'],
    ['2009-10-25T06:57:33.123456789Z', '2009-10-25T06:57:33.123Z'],
    ['2017-08-31T18:10:00+0000', '2017-08-31T18:10:00.000Z'],
    ['2017-08-31T18:10:00-0530', '2017-08-31T23:40:00.000Z'],
    ['2017-08-31T18:10:00+02:00', '2017-08-31T16:10:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(instantOf(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2017-08-31',
    '2017-08-31T18:10:00',
    'Aug 31 2017',
    '2017-02-30T00:00:00Z',
    '2017-08-31T24:10:00Z',
    '2017-08-31T18:10:00+2500',
    '',
    1504203000,
  ])('reads %j as no instant', (value) => {
    expect(instantOf(value)).toBeUndefined();
  });

  it('reads Unix seconds as numbers or digits, and nothing else', () => {
    expect(unixSecondsOf(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(unixSecondsOf('1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    for (const value of [0, -1, 1.5, '17e8', '', null, undefined, '2023-11-14']) {
      expect(unixSecondsOf(value)).toBeUndefined();
    }
  });
});
