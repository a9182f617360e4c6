import { MARKETING_PLATFORMS, type MarketingPlatform } from '@platform/shared';
import type { Clock } from '../../clock';
import { createInstagramGraphMetrics } from './instagram-graph';
import { unavailableReading } from './metrics-readings';
import type { MetricsLogger, MetricsReading, MetricsSource, PostToMeasure } from './metrics-source';
import { createOfflineMetrics } from './offline-metrics';
import { createTikTokBusinessMetrics } from './tiktok-business';
import { createYouTubeDataApiMetrics } from './youtube-data-api';

/** Each platform's credentials, as the configuration gives them; a platform without is offline. */
export type MetricsSettings = {
  /** YOUTUBE_API_KEY, YOUTUBE_API_URL. */
  youtube: { baseUrl: string; apiKey: string } | undefined;
  /** TIKTOK_BUSINESS_TOKEN, TIKTOK_BUSINESS_ID, TIKTOK_BUSINESS_API_URL. */
  tiktok: { baseUrl: string; accessToken: string; businessId: string } | undefined;
  /** INSTAGRAM_GRAPH_TOKEN, INSTAGRAM_GRAPH_API_URL. */
  instagram: { baseUrl: string; accessToken: string } | undefined;
};

export type MetricsSourceOptions = { timeoutMs?: number; clock?: Clock; logger?: MetricsLogger };

/**
 * Each platform's source: its provider's client where it is configured, the offline answer where not. A
 * refresh job can pace each one on its own, since each provider counts its own quota.
 */
export function metricsSourcesByPlatform(
  settings: MetricsSettings,
  options: MetricsSourceOptions = {},
): Record<MarketingPlatform, MetricsSource> {
  return {
    Youtube: settings.youtube
      ? createYouTubeDataApiMetrics({ ...options, ...settings.youtube })
      : createOfflineMetrics(),
    TikTok: settings.tiktok
      ? createTikTokBusinessMetrics({ ...options, ...settings.tiktok })
      : createOfflineMetrics(),
    Instagram: settings.instagram
      ? createInstagramGraphMetrics({ ...options, ...settings.instagram })
      : createOfflineMetrics(),
  };
}

/**
 * One source for posts of any platform: each post is asked of its platform's source, the platforms at the
 * same time. A post of a platform without metrics (Snapchat) is unsupported.
 */
export function metricsSourcesFor(
  settings: MetricsSettings,
  options: MetricsSourceOptions = {},
): MetricsSource {
  const byPlatform = metricsSourcesByPlatform(settings, options);
  return {
    name: MARKETING_PLATFORMS.map((platform) => `${platform}: ${byPlatform[platform].name}`).join(', '),
    async read(posts: readonly PostToMeasure[]) {
      const answers = await Promise.all(
        MARKETING_PLATFORMS.map(async (platform) => {
          const ofPlatform = posts.filter((post) => post.platform === platform);
          return ofPlatform.length > 0
            ? byPlatform[platform].read(ofPlatform)
            : new Map<string, MetricsReading>();
        }),
      );
      const readings = new Map<string, MetricsReading>();
      for (const post of posts) {
        if (readings.has(post.url)) continue;
        const reading = answers.map((answer) => answer.get(post.url)).find((found) => found !== undefined);
        readings.set(post.url, reading ?? unavailableReading('unsupported'));
      }
      return readings;
    },
  };
}
