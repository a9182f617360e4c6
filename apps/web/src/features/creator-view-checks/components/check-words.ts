import {
  ENTRY_REJECTION_LABELS,
  formatDateTime,
  type CreatorHold,
  type EntryViewCheck,
} from '@platform/shared';
import { formatCount } from '../../../lib/metrics-words';

// A figure's validation reads as a day of the year ('6 Dec'), in UTC as every time the product shows.
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Views: 12,400 — provisional until 6 Dec', or '— validated'; null while the entry has no figure. */
export function figureLine(figures: EntryViewCheck['figures']): string | null {
  if (!figures) return null;
  const views = figures.views === null ? 'not counted yet' : formatCount(figures.views);
  const state =
    figures.state === 'VALIDATED'
      ? 'validated'
      : `provisional until ${DAY.format(new Date(figures.validatedAt))}`;
  return `Views: ${views} — ${state}`;
}

/** What became of a check of the entry's views, in the creator's words. */
export function outcomeWords(decision: NonNullable<CreatorHold['decision']>): string {
  if (decision.outcome === 'ACCEPTED') {
    return 'We checked this entry’s views and they count as they are. Its earnings are no longer held.';
  }
  if (decision.outcome === 'REJECTED') {
    const reason = decision.rejectionReason ? `: ${ENTRY_REJECTION_LABELS[decision.rejectionReason]}` : '';
    return `After checking its views, we rejected this entry${reason}.`;
  }
  const window = decision.excluded;
  if (!window) return 'We took off views that did not look real. The rest count.';
  const between = `between ${formatDateTime(window.from, 'long')} and ${formatDateTime(window.to, 'long')}`;
  const views = window.views === null ? 'the views' : `${formatCount(window.views)} views`;
  return `We took off ${views} gained ${between}, which did not look real. The rest of its views count, and its earnings are no longer held.`;
}
