import type { MetricsReadingSource } from '@platform/shared';

const counts = new Intl.NumberFormat('en-GB');

/** A figure as a creator reads it: 12400 -> '12,400'. */
export function formatCount(count: number): string {
  return counts.format(count);
}

/** '1 view', '12,400 views'. */
export function viewsText(views: number): string {
  return `${formatCount(views)} ${views === 1 ? 'view' : 'views'}`;
}

/** Where figures came from, finishing 'read … from': a platform by name, or who sent them in its place. */
const SOURCE_WORDS: Readonly<Record<MetricsReadingSource, string>> = {
  'youtube-data-api': 'YouTube',
  'tiktok-business': 'TikTok',
  'instagram-graph': 'Instagram',
  'csv-import': 'the campaign team’s import',
  webhook: 'a measurement partner',
  'staff-correction': 'the campaign team’s correction',
};

/**
 * The source of a reading in words. Payments keep the source as it was when the reward was won, as plain
 * text: a source added later than this page still reads as something rather than nothing.
 */
export function metricsSourceWords(source: string): string {
  return Object.hasOwn(SOURCE_WORDS, source) ? SOURCE_WORDS[source as MetricsReadingSource] : source;
}
