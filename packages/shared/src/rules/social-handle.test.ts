import { describe, expect, it } from 'vitest';
import {
  duplicatePlatformIndexes,
  handleSchema,
  isValidYoutubeChannelId,
  socialHandleSchema,
  socialHandlesSchema,
  youtubeChannelIdSchema,
} from './social-handle';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('social handle rule', () => {
  it.each(['creator', 'creator.name_1', 'Some Creator'])('accepts %s', (value) => {
    expect(handleSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['@creator', '@ is not allowed in this field'],
    ['creator@', '@ is not allowed in this field'],
    ['', 'This field is required'],
    ['  ', 'This field is required'],
    [undefined, 'This field is required'],
  ])('rejects %j with %j', (value, message) => {
    expect(messagesOf(handleSchema.safeParse(value))).toEqual([message]);
  });

  it('needs a platform from the creator list', () => {
    expect(socialHandleSchema.safeParse({ socialPlatform: 'Snapchat', handle: 'me' }).success).toBe(true);
    expect(messagesOf(socialHandleSchema.safeParse({ socialPlatform: 'Facebook', handle: 'me' }))).toEqual([
      'This field is required',
    ]);
  });

  it('allows one handle per platform', () => {
    const handles = [
      { socialPlatform: 'TikTok', handle: 'one' },
      { socialPlatform: 'Instagram', handle: 'two' },
      { socialPlatform: 'TikTok', handle: 'three' },
      { socialPlatform: 'TikTok', handle: 'four' },
    ] as const;
    expect(duplicatePlatformIndexes(handles)).toEqual([2, 3]);
    const result = socialHandlesSchema.safeParse(handles);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: [2, 'socialPlatform'],
        message: 'You already added a handle for this platform',
      }),
      expect.objectContaining({
        path: [3, 'socialPlatform'],
        message: 'You already added a handle for this platform',
      }),
    ]);
  });

  it('accepts different platforms and an empty list', () => {
    expect(
      socialHandlesSchema.safeParse([
        { socialPlatform: 'TikTok', handle: 'one' },
        { socialPlatform: 'Youtube', handle: 'two' },
      ]).success,
    ).toBe(true);
    expect(socialHandlesSchema.safeParse([]).success).toBe(true);
  });

  it('reports a duplicate alongside another handle’s problem', () => {
    const result = socialHandlesSchema.safeParse([
      { socialPlatform: 'TikTok', handle: '@one' },
      { socialPlatform: 'TikTok', handle: 'two' },
    ]);
    expect(messagesOf(result)).toEqual([
      '@ is not allowed in this field',
      'You already added a handle for this platform',
    ]);
  });
});

describe('YouTube channel ID rule', () => {
  it.each([
    'UC_x5XG1OV2P6uZZ5FSM9Ttw',
    'UCX6OQ3DkcsbYNE6H8uQQuVA',
    'UCBR8-60-B28hp2BmDPdntcQ',
    'UC-lHJZR3Gqxm24_Vd_AJ5Yg',
  ])('accepts %s', (value) => {
    expect(isValidYoutubeChannelId(value)).toBe(true);
    expect(youtubeChannelIdSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    'UC_x5XG1OV2P6uZZ5FSM9Ttx',
    'UC_x5XG1OV2P6uZZ5FSM9Tt',
    'UC_x5XG1OV2P6uZZ5FSM9TtwA',
    'UU_x5XG1OV2P6uZZ5FSM9Ttw',
    'uc_x5XG1OV2P6uZZ5FSM9Ttw',
    'UC_x5XG1OV2P6uZZ5FSM9T!w',
    '@MrBeast',
    'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
  ])('rejects %s with the spec message', (value) => {
    expect(isValidYoutubeChannelId(value)).toBe(false);
    expect(messagesOf(youtubeChannelIdSchema.safeParse(value))).toEqual(['Invalid Channel ID']);
  });

  it('is optional', () => {
    expect(youtubeChannelIdSchema.safeParse(undefined).success).toBe(true);
    expect(youtubeChannelIdSchema.safeParse('').success).toBe(true);
  });
});
