import { describe, expect, it } from 'vitest';
import { createOfflinePreviews } from './offline-previews';
import { postPreviewsFor } from './post-previews-for';

describe('offline previews', () => {
  it.each([
    ['https://www.tiktok.com/@scout2015/video/6718335390845095173', 'TikTok'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Youtube'],
    ['https://www.instagram.com/p/C1a2b3c4d5e/', 'Instagram'],
    ['https://www.snapchat.com/spotlight/W7_EDlXWTBiXAEEniNoMPwAAYd2Fy', 'Snapchat'],
    ['not a link at all', 'TikTok'],
  ] as const)('answers that %s has no preview because nothing is asked offline', async (link, platform) => {
    await expect(createOfflinePreviews().previewUrl(link, platform)).resolves.toEqual({
      kind: 'unavailable',
      reason: 'offline',
    });
  });

  it('is what POST_PREVIEWS=off chooses', async () => {
    await expect(
      postPreviewsFor(undefined).previewUrl('https://youtu.be/dQw4w9WgXcQ', 'Youtube'),
    ).resolves.toEqual({ kind: 'unavailable', reason: 'offline' });
  });
});
