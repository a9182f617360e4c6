import { NOT_CONFIGURED } from './metrics-readings';
import type { MetricsReading, MetricsSource, PostToMeasure } from './metrics-source';

/**
 * The default for a platform without a key or token, since a default install has no internet: nobody is
 * asked, and every post says its figures are not configured, never that it has none. Leaderboards then
 * rank by what staff import or a signed webhook sends.
 */
export function createOfflineMetrics(): MetricsSource {
  return {
    name: 'offline',
    async read(posts: readonly PostToMeasure[]) {
      return new Map<string, MetricsReading>(posts.map((post) => [post.url, NOT_CONFIGURED]));
    },
  };
}
