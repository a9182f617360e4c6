import { campaignLinkSchema, CREATOR_PLATFORMS } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { entryLinkFormSchema } from './entry-link';

const tiktokVideo = 'https://www.tiktok.com/@dancer/video/7234567890123456789';
const LINKS = [
  '',
  '   ',
  tiktokVideo,
  `  ${tiktokVideo}  `,
  'https://vm.tiktok.com/ZMabc123/',
  'https://www.tiktok.com/@dancer',
  'https://www.instagram.com/reel/Cabc123xyz/',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtu.be/dQw4w9WgXcQ',
  'https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYYWR',
  'https://example.com/video/1',
  'not a link',
  `${tiktokVideo}?q=${'a'.repeat(255 - tiktokVideo.length - 3)}`,
  `${tiktokVideo}?q=${'a'.repeat(256 - tiktokVideo.length - 3)}`,
  `https://example.com/${'a'.repeat(300)}`,
];

const answer = (result: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }) =>
  result.success ? { data: result.data } : { messages: result.error?.issues.map((issue) => issue.message) };

describe('the entry form’s link rule', () => {
  it.each(CREATOR_PLATFORMS.flatMap((platform) => LINKS.map((link) => [platform, link] as const)))(
    'answers %s %j as campaignLinkSchema does',
    (platform, link) => {
      const twin = entryLinkFormSchema(platform).safeParse({ postLink: link });
      const shared = campaignLinkSchema(platform).safeParse(link);
      expect(answer(twin)).toEqual(shared.success ? { data: { postLink: shared.data } } : answer(shared));
    },
  );

  it('says which platform the campaign is for, and how long a link may be', () => {
    const forTikTok = entryLinkFormSchema('TikTok');
    expect(answer(forTikTok.safeParse({ postLink: 'https://www.instagram.com/reel/Cabc123xyz/' }))).toEqual({
      messages: ['This campaign is for TikTok. Please try again with a TikTok link.'],
    });
    expect(answer(forTikTok.safeParse({ postLink: `https://www.tiktok.com/${'a'.repeat(240)}` }))).toEqual({
      messages: ['You cannot enter more than 255 characters'],
    });
  });
});
