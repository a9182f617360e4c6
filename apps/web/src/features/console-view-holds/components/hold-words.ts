import type { HeldEntry, HoldStatus, ViewRiskSignalCode } from '@platform/shared';
import { formatCount } from '../../../lib/metrics-words';

export const HOLD_STATUS_VIEW: Readonly<Record<HoldStatus, { label: string; color: string }>> = {
  HELD: { label: 'Held', color: 'yellow' },
  APPEALED: { label: 'Appealed', color: 'blue' },
  ACCEPTED: { label: 'Figures accepted', color: 'teal' },
  EXCLUDED: { label: 'Views excluded', color: 'orange' },
  REJECTED: { label: 'Entry rejected', color: 'red' },
};

/** The queue's tabs: holds waiting for a decision, and those decided. */
export const QUEUE_TABS = ['open', 'decided'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export const QUEUE_TAB_LABELS: Readonly<Record<QueueTab, string>> = {
  open: 'Waiting for a decision',
  decided: 'Decided',
};

export const isQueueTab = (value: string | null): value is QueueTab =>
  (QUEUE_TABS as readonly string[]).includes(value ?? '');

export const creatorName = (hold: HeldEntry) => hold.creator.name ?? hold.creator.handle ?? 'This creator';

const decimals = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const small = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 2 });

const multiple = (value: number) =>
  `${value >= 10 ? formatCount(Math.round(value)) : decimals.format(value)}×`;
const rate = (value: number) => (value < 1 ? small.format(value) : decimals.format(value));
const percent = (share: number) => `${formatCount(Math.round(share * 100))}%`;

type SignalView = {
  label: string;
  measured: (value: number) => string;
  /** The threshold as the rule compares it: whether the signal fires at it, above it or below it. */
  threshold: (threshold: number) => string;
};

/** Each signal's name and how its value and threshold read, in the units `assessViewRisk` measures. */
export const SIGNAL_VIEW: Readonly<Record<ViewRiskSignalCode, SignalView>> = {
  SPIKE: {
    label: 'Sudden rise',
    measured: (value) => `${multiple(value)} the views at the window’s start`,
    threshold: (threshold) => `${multiple(threshold)} or more`,
  },
  LOW_ENGAGEMENT: {
    label: 'Low engagement',
    measured: (value) => `${rate(value)} likes and comments per 1,000 views`,
    threshold: (threshold) => `under ${rate(threshold)}`,
  },
  BEYOND_FOLLOWERS: {
    label: 'Beyond followers',
    measured: (value) => `${multiple(value)} the account’s followers`,
    threshold: (threshold) => `over ${multiple(threshold)}`,
  },
  BEYOND_HISTORY: {
    label: 'Beyond the creator’s usual',
    measured: (value) => `${multiple(value)} their usual views`,
    threshold: (threshold) => `over ${multiple(threshold)}`,
  },
  AFTER_END: {
    label: 'Growth after the end',
    measured: (value) => `${percent(value)} more views after the end`,
    threshold: (threshold) => `over ${percent(threshold)}`,
  },
  POST_GONE: {
    label: 'Post gone',
    measured: () => 'Gone or private',
    threshold: () => 'Any',
  },
};

/** A count, or a dash where the platform did not say (never 0). */
export const countText = (count: number | null) => (count === null ? '—' : formatCount(count));
