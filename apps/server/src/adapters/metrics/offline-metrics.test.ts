import { describe, expect, it } from 'vitest';
import { createOfflineMetrics } from './offline-metrics';

describe('offline metrics', () => {
  it('answers every post, of any platform, that its figures are not configured', async () => {
    const posts = [
      { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', platform: 'Youtube' },
      { url: 'https://www.tiktok.com/@scout2015/video/6718335390845095173', platform: 'TikTok' },
      { url: 'https://www.instagram.com/p/C1a2b3c4d5e/', platform: 'Instagram' },
      { url: 'not a link at all', platform: 'TikTok' },
    ] as const;
    const readings = await createOfflineMetrics().read(posts);
    expect([...readings]).toEqual(
      posts.map((post) => [post.url, { kind: 'unavailable', reason: 'not-configured' }]),
    );
  });

  it('says it is offline', () => {
    expect(createOfflineMetrics().name).toBe('offline');
  });
});
