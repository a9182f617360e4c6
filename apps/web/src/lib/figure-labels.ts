import { formatDateTime, type MetricsReadingSource } from '@platform/shared';
import { formatCount } from './metrics-words';

/** Where a reading came from, as staff name it. */
export const SOURCE_LABELS: Readonly<Record<MetricsReadingSource, string>> = {
  'youtube-data-api': 'YouTube API',
  'tiktok-business': 'TikTok API',
  'instagram-graph': 'Instagram API',
  'csv-import': 'CSV import',
  webhook: 'Partner webhook',
  'staff-correction': 'Staff correction',
};

/** The four figures of a reading, in the order every screen lists them. */
export const FIGURES = ['views', 'likes', 'comments', 'shares'] as const;
export type FigureName = (typeof FIGURES)[number];

export const FIGURE_LABELS: Readonly<Record<FigureName, string>> = {
  views: 'Views',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
};

/** A figure on screen: the count, or a dash where the source did not say (never 0). */
export const figureText = (count: number | null) => (count === null ? '—' : formatCount(count));

/** When a reading was read, or a dash for an entry not yet measured. */
export const readAtText = (readAt: string | null) =>
  readAt === null ? '—' : formatDateTime(readAt, 'short');
