import { formatDateTime, PLATFORM_LABELS, type MarketingPlatform } from '@platform/shared';

export {
  CAMPAIGN_STATUS_COLORS as STATUS_COLORS,
  CAMPAIGN_STATUS_LABELS as STATUS_LABELS,
} from '../../../lib/campaign-status-words';

export const platformLabel = (platform: MarketingPlatform) => PLATFORM_LABELS[platform];

/** A day in the spec's date format, '05 Mar, 2026' (SPEC §9), from an instant or a `YYYY-MM-DD` day. */
export function formatDay(value: string): string {
  return formatDateTime(value, 'long').split(' @ ')[0] ?? '';
}

/** A short day for a chart's axis: '05 Mar'. */
export function formatAxisDay(day: string): string {
  return formatDay(day).split(',')[0] ?? day;
}

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 2 });

/** 0.0523 -> '5.23%'. */
export function formatRate(rate: number): string {
  return percent.format(rate);
}

/** What a creator is called in a table: their name, else their handle. */
export function creatorLabel(creator: { name: string | null; handle: string | null }): string {
  return creator.name ?? (creator.handle ? `@${creator.handle}` : 'Unnamed creator');
}

/** A post link a creator sent, as a link only when it is a web address (never `javascript:`). */
export function webAddress(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'Summer Dance 2026!' -> 'summer-dance-2026', for file names. */
export function fileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'campaign';
}
