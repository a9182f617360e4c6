import { describe, expect, it } from 'vitest';
import {
  campaignLinkSchema,
  parsePostLink,
  postIdentity,
  postLinkAccount,
  sameHandle,
  samePostLink,
  type PostLink,
} from './post-link';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

// TikTok secUids: the 'MS4wLjAB' prefix, then base64url characters, which include '_' and '-'.
const SEC_UID = 'MS4wLjABAAAAv7iSuuXDJGDvJkmH_vz1qkDZYo1apxgzaxdBSeIuPiM';
const SEC_UID_WITH_HYPHEN = 'MS4wLjABAAAA-Xq3mK9pL2vN8rT5wY1zC4bD7eF0gH6jK3lM9nP2qR5sT8uV1wX4yZ7aB0cD3eF6';

describe('parsePostLink recognises posts', () => {
  it.each<[string, PostLink]>([
    [
      'https://www.tiktok.com/@scout2015/video/6718335390845095173',
      {
        platform: 'TikTok',
        kind: 'video',
        url: 'https://www.tiktok.com/@scout2015/video/6718335390845095173',
      },
    ],
    [
      'www.tiktok.com/@a/video/123',
      { platform: 'TikTok', kind: 'video', url: 'https://www.tiktok.com/@a/video/123' },
    ],
    [
      'tiktok.com/@user.name_1/video/7301234567890123456/',
      {
        platform: 'TikTok',
        kind: 'video',
        url: 'https://www.tiktok.com/@user.name_1/video/7301234567890123456',
      },
    ],
    [
      'https://m.tiktok.com/@user/video/7301234567890123456?is_from_webapp=1&sender_device=pc&_r=1&_t=8kXyz',
      { platform: 'TikTok', kind: 'video', url: 'https://www.tiktok.com/@user/video/7301234567890123456' },
    ],
    [
      'https://m.tiktok.com/v/6718335390845095173.html',
      { platform: 'TikTok', kind: 'video', url: 'https://www.tiktok.com/v/6718335390845095173.html' },
    ],
    [
      'https://www.tiktok.com/embed/v2/6718335390845095173',
      { platform: 'TikTok', kind: 'video', url: 'https://www.tiktok.com/embed/v2/6718335390845095173' },
    ],
    [
      'https://www.tiktok.com/@user/photo/7312345678901234567',
      { platform: 'TikTok', kind: 'photo', url: 'https://www.tiktok.com/@user/photo/7312345678901234567' },
    ],
    [
      'https://vm.tiktok.com/ZMeAbCdEf/',
      { platform: 'TikTok', kind: 'short', url: 'https://vm.tiktok.com/ZMeAbCdEf' },
    ],
    [
      'http://vt.tiktok.com/ZSjK1a2b3/',
      { platform: 'TikTok', kind: 'short', url: 'https://vt.tiktok.com/ZSjK1a2b3' },
    ],
    [
      'https://www.tiktok.com/t/ZTRabc123/',
      { platform: 'TikTok', kind: 'short', url: 'https://www.tiktok.com/t/ZTRabc123' },
    ],
    [
      'tiktok.com/t/ZTRabc123?_t=8kXyz&_r=1',
      { platform: 'TikTok', kind: 'short', url: 'https://www.tiktok.com/t/ZTRabc123' },
    ],
    [
      'https://m.tiktok.com/t/ZTRabc123',
      { platform: 'TikTok', kind: 'short', url: 'https://www.tiktok.com/t/ZTRabc123' },
    ],
    [
      'https://www.tiktok.com/share/video/7301234567890123456',
      { platform: 'TikTok', kind: 'video', url: 'https://www.tiktok.com/share/video/7301234567890123456' },
    ],
    [
      'm.tiktok.com/share/video/7301234567890123456/?u_code=abc&_r=1',
      {
        platform: 'TikTok',
        kind: 'video',
        url: 'https://www.tiktok.com/share/video/7301234567890123456?u_code=abc',
      },
    ],
    [
      `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123456`,
      {
        platform: 'TikTok',
        kind: 'video',
        url: `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123456`,
      },
    ],
    [
      `https://m.tiktok.com/@${SEC_UID}/photo/7312345678901234567/?is_from_webapp=1`,
      {
        platform: 'TikTok',
        kind: 'photo',
        url: `https://www.tiktok.com/@${SEC_UID}/photo/7312345678901234567`,
      },
    ],
    [
      `https://www.tiktok.com/@${SEC_UID_WITH_HYPHEN}/video/7301234567890123456`,
      {
        platform: 'TikTok',
        kind: 'video',
        url: `https://www.tiktok.com/@${SEC_UID_WITH_HYPHEN}/video/7301234567890123456`,
      },
    ],
    [
      'https://www.instagram.com/p/C1a2B3c4D5e/?igsh=MWQ1ZGUxMzBkMA==',
      { platform: 'Instagram', kind: 'post', url: 'https://www.instagram.com/p/C1a2B3c4D5e' },
    ],
    [
      'instagram.com/reel/C9xYz_-AbCd/?utm_source=ig_web_copy_link',
      { platform: 'Instagram', kind: 'reel', url: 'https://www.instagram.com/reel/C9xYz_-AbCd' },
    ],
    [
      'https://www.instagram.com/reels/C9xYz_-AbCd/',
      { platform: 'Instagram', kind: 'reel', url: 'https://www.instagram.com/reels/C9xYz_-AbCd' },
    ],
    [
      'https://www.instagram.com/tv/B8aBcDeFgHi/',
      { platform: 'Instagram', kind: 'tv', url: 'https://www.instagram.com/tv/B8aBcDeFgHi' },
    ],
    [
      'https://m.instagram.com/some.creator/p/C1a2B3c4D5e/?igshid=abc',
      { platform: 'Instagram', kind: 'post', url: 'https://www.instagram.com/some.creator/p/C1a2B3c4D5e' },
    ],
    [
      'https://www.instagram.com/some_creator/reel/C9xYz_-AbCd/',
      { platform: 'Instagram', kind: 'reel', url: 'https://www.instagram.com/some_creator/reel/C9xYz_-AbCd' },
    ],
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      { platform: 'Youtube', kind: 'watch', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    ],
    [
      'youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s',
      { platform: 'Youtube', kind: 'watch', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s' },
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&si=AbCdEf',
      { platform: 'Youtube', kind: 'watch', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    ],
    [
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM',
      {
        platform: 'Youtube',
        kind: 'watch',
        url: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM',
      },
    ],
    [
      'https://www.youtube.com/shorts/aBcDeFgHi_-',
      { platform: 'Youtube', kind: 'shorts', url: 'https://www.youtube.com/shorts/aBcDeFgHi_-' },
    ],
    [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      { platform: 'Youtube', kind: 'embed', url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' },
    ],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      { platform: 'Youtube', kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ?si=AbCdEfGh',
      { platform: 'Youtube', kind: 'short', url: 'https://youtu.be/dQw4w9WgXcQ' },
    ],
    [
      'HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ#comments',
      { platform: 'Youtube', kind: 'watch', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    ],
    [
      'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYbXZvZ2FqcHB6AY8qRXGHAY8qRXETAAAAAQ',
      {
        platform: 'Snapchat',
        kind: 'spotlight',
        url: 'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYbXZvZ2FqcHB6AY8qRXGHAY8qRXETAAAAAQ',
      },
    ],
    [
      'snapchat.com/@creator/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYbXZv?share_id=x&locale=en-GB',
      {
        platform: 'Snapchat',
        kind: 'spotlight',
        url: 'https://www.snapchat.com/@creator/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYbXZv?share_id=x&locale=en-GB',
      },
    ],
    [
      '  https://www.tiktok.com/@a/video/123  ',
      { platform: 'TikTok', kind: 'video', url: 'https://www.tiktok.com/@a/video/123' },
    ],
  ])('%s', (link, expected) => {
    expect(parsePostLink(link)).toEqual(expected);
  });
});

describe('parsePostLink rejects what is not a post', () => {
  it.each([
    ['a TikTok profile', 'https://www.tiktok.com/@scout2015'],
    ['a TikTok profile by secUid', `https://www.tiktok.com/@${SEC_UID}`],
    ['a TikTok profile by secUid, trailing slash', `https://www.tiktok.com/@${SEC_UID}/`],
    ['a username over 24 characters', 'https://www.tiktok.com/@abcdefghijklmnopqrstuvwxy/video/123'],
    ['a secUid-looking id with a dot', `https://www.tiktok.com/@${SEC_UID}.x/video/123`],
    ['a shared video id that is not a number', 'https://www.tiktok.com/share/video/abc'],
    ['a shared profile', 'https://www.tiktok.com/share/user/6718335390845095173'],
    ['a shared video on a short host', 'https://vm.tiktok.com/share/video/7301234567890123456'],
    ['a TikTok /t/ link without a code', 'https://www.tiktok.com/t/'],
    ['a TikTok /t/ code with a symbol', 'https://www.tiktok.com/t/ZTR-abc123/'],
    ['a TikTok hashtag', 'https://www.tiktok.com/tag/dance'],
    ['the TikTok home page', 'https://www.tiktok.com/'],
    ['a TikTok video id that is not a number', 'https://www.tiktok.com/@a/video/abc'],
    ['a TikTok short host without a code', 'https://vm.tiktok.com/'],
    ['an Instagram profile', 'https://www.instagram.com/some.creator/'],
    ['an Instagram hashtag', 'https://www.instagram.com/explore/tags/summer/'],
    ['an Instagram story', 'https://www.instagram.com/stories/some.creator/3312345678901234567/'],
    ['the Instagram reels feed', 'https://www.instagram.com/reels/'],
    ['a YouTube channel', 'https://www.youtube.com/@MrBeast'],
    ['a YouTube channel by id', 'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw'],
    ['a YouTube playlist', 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'],
    ['a watch link without a video id', 'https://www.youtube.com/watch?list=PL123'],
    ['a watch link with a short id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a watch link with a long id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['a YouTube Music album', 'https://music.youtube.com/browse/MPREb_abc'],
    ['shorts on YouTube Music', 'https://music.youtube.com/shorts/aBcDeFgHi_-'],
    ['a YouTube hashtag', 'https://www.youtube.com/hashtag/music'],
    ['a Snapchat profile', 'https://www.snapchat.com/add/creator'],
    ['Snapchat spotlight without an id', 'https://www.snapchat.com/spotlight/'],
    ['a look-alike TikTok host', 'https://tiktok.com.evil.example/@a/video/123'],
    ['a TikTok subdomain of another host', 'https://www.tiktok.com.evil.example/@a/video/123'],
    ['a host that ends in tiktok.com', 'https://nottiktok.com/@a/video/123'],
    ['a host that ends in youtube.com', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
    ['a YouTube look-alike TLD', 'https://youtube.co/watch?v=dQw4w9WgXcQ'],
    ['an Instagram look-alike', 'https://instagram.com.evil.example/p/C1a2B3c4D5e/'],
    ['a youtu.be look-alike', 'https://youtu.be.evil.example/dQw4w9WgXcQ'],
    ['user info before a real host', 'https://www.tiktok.com@evil.example/@a/video/123'],
    ['user info naming a platform', 'https://user:pass@www.tiktok.com/@a/video/123'],
    ['a percent-encoded host', 'https://www.tiktok%2Ecom/@a/video/123'],
    ['a homoglyph host', 'https://www.t\u0456ktok.com/@a/video/123'],
    ['a trailing-dot host', 'https://www.tiktok.com./@a/video/123'],
    ['a non-default port', 'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ'],
    ['another site', 'https://example.com/watch?v=dQw4w9WgXcQ'],
    ['a javascript: link', 'javascript:alert(1)//www.tiktok.com/@a/video/123'],
    ['a data: link', 'data:text/html,https://www.tiktok.com/@a/video/123'],
    ['an ftp link', 'ftp://www.tiktok.com/@a/video/123'],
    ['a scheme with one slash', 'https:/www.tiktok.com/@a/video/123'],
    ['a link with a space inside', 'https://www.tiktok.com/@a/video/1 23'],
    ['a backslash trick', 'https://evil.example\\@www.tiktok.com/@a/video/123'],
    ['an empty string', ''],
    ['plain text', 'my latest video'],
  ])('%s', (_case, link) => {
    expect(parsePostLink(link)).toBeNull();
  });

  it('rejects links over 2,000 characters and accepts one of exactly 2,000', () => {
    const base = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=';
    const exactly2000 = base + 'a'.repeat(2000 - base.length);
    expect(exactly2000).toHaveLength(2000);
    expect(parsePostLink(exactly2000)?.kind).toBe('watch');
    expect(parsePostLink(`${exactly2000}a`)).toBeNull();
  });
});

describe('samePostLink', () => {
  it.each([
    ['trailing slash', 'https://www.instagram.com/p/C1a2B3c4D5e/', 'https://www.instagram.com/p/C1a2B3c4D5e'],
    ['scheme', 'http://www.tiktok.com/@a/video/123', 'https://www.tiktok.com/@a/video/123'],
    ['no scheme', 'www.tiktok.com/@a/video/123', 'https://www.tiktok.com/@a/video/123/'],
    ['www.', 'https://tiktok.com/@a/video/123', 'https://www.tiktok.com/@a/video/123'],
    ['m.', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    [
      'Instagram tracking',
      'https://www.instagram.com/reel/C9xYz_-AbCd/?igsh=MWQ1ZGUxMzBkMA==&utm_source=ig',
      'https://www.instagram.com/reel/C9xYz_-AbCd/',
    ],
    [
      'TikTok tracking',
      'https://www.tiktok.com/@a/video/123?is_from_webapp=1&sender_device=pc&_r=1&_t=8k',
      'https://www.tiktok.com/@a/video/123',
    ],
    ['YouTube si', 'https://youtu.be/dQw4w9WgXcQ?si=AbC', 'https://youtu.be/dQw4w9WgXcQ'],
    ['youtu.be and watch', 'https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    [
      'watch with other parameters',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be&t=10',
      'youtu.be/dQw4w9WgXcQ',
    ],
    ['shorts and watch', 'https://www.youtube.com/shorts/aBcDeFgHi_-', 'https://youtu.be/aBcDeFgHi_-'],
    [
      'embed and watch',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    ],
    [
      'Instagram with and without a username',
      'https://www.instagram.com/some.creator/p/C1a2B3c4D5e/',
      'https://www.instagram.com/p/C1a2B3c4D5e/',
    ],
    ['TikTok short link written twice', 'https://vm.tiktok.com/ZMeAbCdEf/', 'vm.tiktok.com/ZMeAbCdEf'],
    ['TikTok /t/ link written twice', 'https://www.tiktok.com/t/ZTRabc123/', 'tiktok.com/t/ZTRabc123'],
    [
      'a shared video and the same video under its username',
      'https://www.tiktok.com/share/video/7301234567890123456',
      'https://www.tiktok.com/@user/video/7301234567890123456/',
    ],
    [
      'the same video under its secUid and its username',
      `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123456`,
      'https://www.tiktok.com/@user/video/7301234567890123456',
    ],
    ['other links, trailing slash and www.', 'https://www.example.com/page/', 'example.com/page'],
  ])('treats links differing only by %s as the same', (_case, a, b) => {
    expect(samePostLink(a, b)).toBe(true);
    expect(samePostLink(b, a)).toBe(true);
  });

  it.each([
    ['different TikTok videos', 'https://www.tiktok.com/@a/video/123', 'https://www.tiktok.com/@a/video/124'],
    ['different YouTube videos', 'https://youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcR'],
    ['video ids differing in case', 'https://youtu.be/dQw4w9WgXcQ', 'https://youtu.be/DQW4W9WGXCQ'],
    [
      'a TikTok short link and the video it leads to',
      'https://vm.tiktok.com/ZMeAbCdEf/',
      'https://www.tiktok.com/@a/video/123',
    ],
    [
      'a TikTok /t/ link and the video it leads to',
      'https://www.tiktok.com/t/ZTRabc123/',
      'https://www.tiktok.com/@a/video/123',
    ],
    [
      'a TikTok /t/ link and a vm. link with the same code',
      'https://www.tiktok.com/t/ZMeAbCdEf/',
      'https://vm.tiktok.com/ZMeAbCdEf/',
    ],
    [
      'TikTok /t/ codes differing in case',
      'https://www.tiktok.com/t/ZTRabc123',
      'https://www.tiktok.com/t/ztrabc123',
    ],
    [
      'different TikTok videos under the same secUid',
      `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123456`,
      `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123457`,
    ],
    [
      'short links on different hosts',
      'https://vm.tiktok.com/ZMeAbCdEf/',
      'https://vt.tiktok.com/ZMeAbCdEf/',
    ],
    [
      'the same id on two platforms',
      'https://www.instagram.com/p/dQw4w9WgXcQ/',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ],
    ['a post and another site', 'https://youtu.be/dQw4w9WgXcQ', 'https://example.com/dQw4w9WgXcQ'],
    ['other links with different paths', 'https://example.com/a', 'https://example.com/b'],
    ['other links with different queries', 'https://example.com/a?id=1', 'https://example.com/a?id=2'],
    ['two things that are not links', 'javascript:alert(1)', 'javascript:alert(1)'],
    ['empty strings', '', ''],
  ])('tells apart %s', (_case, a, b) => {
    expect(samePostLink(a, b)).toBe(false);
  });
});

describe('campaignLinkSchema', () => {
  it.each([
    ['TikTok', 'https://www.tiktok.com/@a/video/123'],
    ['TikTok', 'https://www.tiktok.com/share/video/7301234567890123456'],
    ['TikTok', 'https://www.tiktok.com/t/ZTRabc123/'],
    ['TikTok', `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123456`],
    ['Instagram', 'https://www.instagram.com/reel/C9xYz_-AbCd/'],
    ['Youtube', 'https://youtu.be/dQw4w9WgXcQ'],
    ['Snapchat', 'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYbXZv'],
  ] as const)('accepts a %s post for a %s campaign', (platform, link) => {
    expect(campaignLinkSchema(platform).safeParse(link).success).toBe(true);
  });

  it.each([
    [
      'TikTok',
      'https://youtu.be/dQw4w9WgXcQ',
      'This campaign is for TikTok. Please try again with a TikTok link.',
    ],
    [
      'Instagram',
      'https://www.tiktok.com/@a/video/123',
      'This campaign is for Instagram. Please try again with a Instagram link.',
    ],
    [
      'Youtube',
      'https://www.instagram.com/p/C1a2B3c4D5e/',
      'This campaign is for YouTube. Please try again with a YouTube link.',
    ],
    [
      'Youtube',
      'https://www.youtube.com/@MrBeast',
      'This campaign is for YouTube. Please try again with a YouTube link.',
    ],
    [
      'Snapchat',
      'https://example.com/spotlight/abc',
      'This campaign is for Snapchat. Please try again with a Snapchat link.',
    ],
    ['TikTok', '', 'This field is required'],
    ['TikTok', '   ', 'This field is required'],
    ['TikTok', undefined, 'This field is required'],
    [
      'TikTok',
      `https://www.tiktok.com/@a/video/123?x=${'a'.repeat(230)}`,
      'You cannot enter more than 255 characters',
    ],
  ] as const)('a %s campaign rejects %s with its message', (platform, link, message) => {
    expect(messagesOf(campaignLinkSchema(platform).safeParse(link))).toEqual([message]);
  });
});

describe('postIdentity', () => {
  it('names one post the same whatever form its link takes', () => {
    expect(postIdentity('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      postIdentity('https://youtu.be/dQw4w9WgXcQ'),
    );
    expect(postIdentity('https://www.tiktok.com/@casey/video/7301234567890123456?is_from_webapp=1')).toBe(
      'TikTok:7301234567890123456',
    );
    expect(postIdentity('https://www.instagram.com/p/Cx1AbC/')).toBe(
      postIdentity('https://instagram.com/casey/reel/Cx1AbC'),
    );
  });

  it('is null for what is not a post', () => {
    expect(postIdentity('https://www.tiktok.com/@casey')).toBeNull();
    expect(postIdentity('https://example.com/video/1')).toBeNull();
  });
});

describe('TikTok short links as people paste them', () => {
  // The shapes TikTok's share sheet and browsers give: with and without the trailing slash TikTok writes,
  // with its tracking or other parameters, with or without a scheme, in capitals.
  it.each([
    [
      'vm.tiktok.com/ZMFHvt5aj',
      [
        'https://vm.tiktok.com/ZMFHvt5aj/',
        'https://vm.tiktok.com/ZMFHvt5aj',
        'vm.tiktok.com/ZMFHvt5aj/',
        'http://vm.tiktok.com/ZMFHvt5aj/?_r=1&_t=8XanSJmXNVG',
        'https://vm.tiktok.com/ZMFHvt5aj/?k=1',
        'HTTPS://VM.TIKTOK.COM/ZMFHvt5aj/',
        'https://vm.tiktok.com/ZMFHvt5aj/#top',
      ],
    ],
    [
      'vt.tiktok.com/ZSPDEaEjt',
      [
        'https://vt.tiktok.com/ZSPDEaEjt/',
        'https://vt.tiktok.com/ZSPDEaEjt',
        'vt.tiktok.com/ZSPDEaEjt/?_r=1',
        '//vt.tiktok.com/ZSPDEaEjt/',
      ],
    ],
    [
      'www.tiktok.com/t/ZTRvGPGkr',
      [
        'https://www.tiktok.com/t/ZTRvGPGkr/',
        'https://www.tiktok.com/t/ZTRvGPGkr',
        'https://www.tiktok.com/t/ZTRvGPGkr/?_t=8b1xyhy5TjS&_r=1',
        'https://www.tiktok.com/t/ZTRvGPGkr/?k=1',
        'tiktok.com/t/ZTRvGPGkr/',
        'https://m.tiktok.com/t/ZTRvGPGkr/',
        'https://WWW.TikTok.com/t/ZTRvGPGkr/',
        '  https://www.tiktok.com/t/ZTRvGPGkr/  ',
      ],
    ],
  ])('reads every way of writing %s as that one short link', (code, shapes) => {
    for (const shape of shapes) {
      expect(parsePostLink(shape), shape).toMatchObject({ platform: 'TikTok', kind: 'short' });
      expect(postIdentity(shape), shape).toBe(`TikTok:${code}`);
      expect(campaignLinkSchema('TikTok').safeParse(shape).success, shape).toBe(true);
    }
  });
});

describe('postLinkAccount', () => {
  it.each([
    ['https://www.tiktok.com/@scout2015/video/6718335390845095173?is_from_webapp=1', 'scout2015'],
    ['tiktok.com/@user.name_1/video/7301234567890123456/', 'user.name_1'],
    ['https://m.tiktok.com/@Casey.Lights/photo/7312345678901234567', 'Casey.Lights'],
    ['https://www.instagram.com/casey.lights/reel/Cx1AbC/', 'casey.lights'],
    ['https://instagram.com/casey_lights/p/Cx1AbC?igsh=abc', 'casey_lights'],
    ['https://www.snapchat.com/@casey-lights/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYdGtw', 'casey-lights'],
  ])('reads the account %s names', (link, account) => {
    expect(postLinkAccount(link)).toBe(account);
  });

  it.each([
    ['a TikTok link by the account’s secUid', `https://www.tiktok.com/@${SEC_UID}/video/7301234567890123456`],
    ['a TikTok link by a secUid with a hyphen', `https://www.tiktok.com/@${SEC_UID_WITH_HYPHEN}/video/1`],
    ['a TikTok short link, until it is followed', 'https://vm.tiktok.com/ZMFHvt5aj/'],
    ['a TikTok /t/ link, until it is followed', 'https://www.tiktok.com/t/ZTRvGPGkr/'],
    ['a legacy TikTok video link', 'https://m.tiktok.com/v/6718335390845095173.html'],
    ['a TikTok embed', 'https://www.tiktok.com/embed/v2/6718335390845095173'],
    ['a shared TikTok video', 'https://www.tiktok.com/share/video/7301234567890123456'],
    ['an Instagram post without its account', 'https://www.instagram.com/p/Cx1AbC/'],
    ['an Instagram reel without its account', 'https://www.instagram.com/reel/Cx1AbC/'],
    ['a YouTube watch link', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a YouTube short', 'https://www.youtube.com/shorts/aBcDeFgHi_-'],
    ['a youtu.be link', 'https://youtu.be/dQw4w9WgXcQ'],
    ['a TikTok profile, which is not a post', 'https://www.tiktok.com/@scout2015'],
    ['a YouTube channel, which is not a post', 'https://www.youtube.com/@MrBeast'],
  ])('names no account for %s', (_case, link) => {
    expect(postLinkAccount(link)).toBeNull();
  });
});

describe('sameHandle', () => {
  it('takes one account’s handle in any case, with or without the @ typed before it', () => {
    expect(sameHandle('Casey.Lights', 'casey.lights')).toBe(true);
    expect(sameHandle('@casey_lights', 'CASEY_LIGHTS')).toBe(true);
    expect(sameHandle(' casey ', '@casey')).toBe(true);
  });

  it('tells different accounts apart, and never matches nothing with nothing', () => {
    expect(sameHandle('casey', 'casey_')).toBe(false);
    expect(sameHandle('casey.lights', 'caseylights')).toBe(false);
    expect(sameHandle('', '')).toBe(false);
    expect(sameHandle('@', '')).toBe(false);
  });
});
