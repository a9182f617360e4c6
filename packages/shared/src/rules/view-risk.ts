import { PLATFORM_LABELS, type MarketingPlatform } from '../vocabulary/platforms';

/**
 * The signals an entry's figures are scored on (ADR 037). Each compares one value with one threshold of
 * `VIEW_RISK_THRESHOLDS` and, when it fires, adds its weight to the entry's score and says why in a
 * sentence a creator can read.
 */
export const VIEW_RISK_SIGNALS = [
  'SPIKE',
  'LOW_ENGAGEMENT',
  'BEYOND_FOLLOWERS',
  'BEYOND_HISTORY',
  'AFTER_END',
  'POST_GONE',
] as const;
export type ViewRiskSignalCode = (typeof VIEW_RISK_SIGNALS)[number];

/** One reading of an entry's figures, oldest first in a series; null is "the source did not say". */
export type ViewReading = {
  readAt: Date;
  views: number | null;
  likes: number | null;
  comments: number | null;
};

/** What an entry is scored on: its own series and what is known of the account and the campaign. */
export type ViewRiskInput = {
  platform: MarketingPlatform;
  /** The entry's readings, oldest first (any order is accepted and sorted). */
  readings: readonly ViewReading[];
  /** When the campaign (or the entry's sprint period) ended; growth after it counts against the entry. */
  campaignEndsAt: Date;
  /** The account's followers when a platform said so, else null: the signal then cannot fire. */
  followers: number | null;
  /** The validated views of the creator's earlier entries on this platform, for their own history. */
  creatorHistoryViews: readonly number[];
  /** The platform answered that the post is gone or private at the latest attempt. */
  postGone: boolean;
};

/** A signal that fired: what was measured against what, and why it matters, in plain words. */
export type ViewRiskSignal = {
  code: ViewRiskSignalCode;
  value: number;
  threshold: number;
  weight: number;
  sentence: string;
  /** For a spike, the window its views were gained in (staff may exclude exactly those views). */
  window: { from: Date; to: Date; views: number } | null;
};

export type ViewRiskAssessment = {
  /** 0 to 100: the weights of the signals that fired, summed and capped at 100. */
  score: number;
  signals: ViewRiskSignal[];
};

/** Above this score (campaigns may set their own) an entry's earnings are held for review. */
export const DEFAULT_HOLD_SCORE = 50;

type PerPlatform<T> = Readonly<Record<MarketingPlatform, T>>;

/** Each signal's row: its weight, why its limits are what they are, and the limits themselves. */
type ViewRiskRule = { readonly weight: number; readonly reason: string; readonly [limit: string]: unknown };

/**
 * Every threshold and weight the score uses, with why it was chosen. The weights are set so that one mild
 * signal alone stays at or under DEFAULT_HOLD_SCORE, a sudden rise with bought-looking engagement
 * (SPIKE + LOW_ENGAGEMENT) passes it, and a post that is gone passes it on its own.
 */
export const VIEW_RISK_THRESHOLDS = {
  SPIKE: {
    weight: 35,
    multiple: 10,
    minGainViews: 1_000,
    windowHours: 6,
    organicStartHours: 24,
    establishedShare: 0.5,
    establishedViewsWhenUnknown: 10_000,
    reason:
      'Organic posts grow fastest in their first hours, when a tenfold rise in a few hours is ordinary, and slow down once they have reached most of their audience. So a rise of 10× or more within 6 hours (and at least 1,000 views, so that 10 to 200 does not count) is only held against a post when it starts a day or more after its views were first counted, or when the post already had half the views the creator usually gets (the median of their earlier entries, else their followers, else 10,000 views). A big creator’s fast first hours therefore do not fire; views bought for a settled post do.',
  },
  LOW_ENGAGEMENT: {
    weight: 30,
    floorPer1000Views: { Youtube: 2, Instagram: 4, TikTok: 5 } satisfies PerPlatform<number>,
    commentsOnlyFloorPer1000Views: 0.05,
    minViews: 1_000,
    reason:
      'Organic TikTok and Instagram Reels posts see tens of likes per 1,000 views and YouTube videos a few to tens; bought views typically bring well under 1. Each floor (likes and comments together) sits at about a tenth of the platform’s usual low end, so quiet organic posts stay above it and bought views fall far below it. When likes are hidden, comments alone are judged: organic posts get about 0.3 to 5 per 1,000 views, so the floor is 0.05. Below 1,000 views a handful of likes swings the rate too much to judge, and when the platform gave neither likes nor comments the signal cannot fire.',
  },
  BEYOND_FOLLOWERS: {
    weight: 20,
    multiple: { Youtube: 25, Instagram: 25, TikTok: 50 } satisfies PerPlatform<number>,
    minViews: 10_000,
    reason:
      'A viral post ordinarily reaches 5 to 20 times the account’s followers, so the bar is well above that: 25× on YouTube and Instagram, where views come mostly from the account’s audience, and 50× on TikTok, whose For You feed shows posts far beyond followers. Under 10,000 views a small account’s ratio says little.',
  },
  BEYOND_HISTORY: {
    weight: 15,
    multiple: 20,
    minHistory: 3,
    minViews: 10_000,
    reason:
      'A creator’s posts vary by about an order of magnitude, and a hit can reach 10× their usual views; 20× the median of their earlier entries on the platform is rare. Fewer than 3 earlier entries give no usual to compare with, and under 10,000 views the difference is too small to matter.',
  },
  AFTER_END: {
    weight: 25,
    share: 0.5,
    minGainViews: 1_000,
    minHoursCountedBeforeEnd: 24,
    paceComparedHours: 24,
    reason:
      'Organic posts keep growing after a campaign ends, ever more slowly: a young YouTube video can still gain half its views again, but at a slower pace than before. So the signal needs half as many views again after the end, at least 1,000 more, and views coming faster per hour than in the 24 hours before the end, which is how views bought late arrive. A post first counted less than a day before the end is still in its fast first hours, so its growth after the end is not judged.',
  },
  POST_GONE: {
    weight: 60,
    reason:
      'A post that is gone or private can no longer be checked or seen by the brand, so on its own it holds the earnings until staff have looked.',
  },
} as const satisfies Readonly<Record<ViewRiskSignalCode, ViewRiskRule>>;

const HOUR_MS = 3_600_000;
const MAX_SCORE = 100;

type CountedReading = ViewReading & { views: number };

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const smallRateFormat = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function formatCount(n: number): string {
  return countFormat.format(Math.round(n));
}

/** 14.3 -> '14×', 2.46 -> '2.5×'. */
function formatMultiple(multiple: number): string {
  return `${multiple >= 10 ? formatCount(multiple) : rateFormat.format(multiple)}×`;
}

function formatRate(perThousand: number): string {
  return perThousand < 1 ? smallRateFormat.format(perThousand) : rateFormat.format(perThousand);
}

function formatPercent(share: number): string {
  return `${formatCount(share * 100)}%`;
}

function plural(amount: string, unit: string): string {
  return `${amount} ${unit}${amount === '1' ? '' : 's'}`;
}

/** 45 minutes, 2 hours, 1.5 hours, 3 days. */
function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return plural(String(minutes), 'minute');
  const hours = ms / HOUR_MS;
  if (hours < 48) return plural(rateFormat.format(hours), 'hour');
  return plural(rateFormat.format(hours / 24), 'day');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function countedReadings(readings: readonly ViewReading[]): CountedReading[] {
  return readings
    .filter((reading): reading is CountedReading => reading.views !== null && Number.isFinite(reading.views))
    .sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
}

function historyMedian(input: ViewRiskInput): number | null {
  const history = input.creatorHistoryViews.filter((views) => Number.isFinite(views));
  return history.length >= VIEW_RISK_THRESHOLDS.BEYOND_HISTORY.minHistory ? median(history) : null;
}

type UsualReach = { views: number; source: 'history' | 'followers' | 'unknown' };

function usualReach(input: ViewRiskInput): UsualReach {
  const history = historyMedian(input);
  if (history !== null && history > 0) return { views: history, source: 'history' };
  if (input.followers !== null && input.followers > 0) return { views: input.followers, source: 'followers' };
  return { views: VIEW_RISK_THRESHOLDS.SPIKE.establishedViewsWhenUnknown, source: 'unknown' };
}

type SpikeCandidate = { start: CountedReading; end: CountedReading; multiple: number; late: boolean };

/** Why a window's start is no longer the post's organic first hours, or null when it still is. */
function spikeStartKind(
  start: CountedReading,
  firstAt: number,
  reach: UsualReach,
): 'late' | 'established' | null {
  const rule = VIEW_RISK_THRESHOLDS.SPIKE;
  if (start.readAt.getTime() - firstAt >= rule.organicStartHours * HOUR_MS) return 'late';
  const establishedViews =
    reach.source === 'unknown' ? rule.establishedViewsWhenUnknown : rule.establishedShare * reach.views;
  return start.views >= establishedViews ? 'established' : null;
}

/** The larger multiple wins; of equal ones the shorter window, which is the one the views came in. */
function isBetterSpike(
  multiple: number,
  start: CountedReading,
  end: CountedReading,
  best: SpikeCandidate,
): boolean {
  if (multiple !== best.multiple) return multiple > best.multiple;
  const span = end.readAt.getTime() - start.readAt.getTime();
  return span < best.end.readAt.getTime() - best.start.readAt.getTime();
}

function largestSpike(series: readonly CountedReading[], reach: UsualReach): SpikeCandidate | null {
  const rule = VIEW_RISK_THRESHOLDS.SPIKE;
  const firstAt = series[0]?.readAt.getTime() ?? 0;
  let best: SpikeCandidate | null = null;
  series.forEach((start, index) => {
    // A post with no views yet (not public, or still processing) has no count to be a multiple of.
    const kind = start.views > 0 ? spikeStartKind(start, firstAt, reach) : null;
    if (kind === null) return;
    const windowEnd = start.readAt.getTime() + rule.windowHours * HOUR_MS;
    for (
      let next = index + 1;
      next < series.length && series[next]!.readAt.getTime() <= windowEnd;
      next += 1
    ) {
      const end = series[next]!;
      const gain = end.views - start.views;
      if (gain < rule.minGainViews) continue;
      const multiple = gain / start.views;
      if (best === null || isBetterSpike(multiple, start, end, best)) {
        best = { start, end, multiple, late: kind === 'late' };
      }
    }
  });
  return best;
}

function spikeSignal(series: readonly CountedReading[], input: ViewRiskInput): ViewRiskSignal | null {
  const rule = VIEW_RISK_THRESHOLDS.SPIKE;
  const reach = usualReach(input);
  const spike = largestSpike(series, reach);
  if (spike === null || spike.multiple < rule.multiple) return null;
  const { start, end } = spike;
  const gained = end.views - start.views;
  const since = start.readAt.getTime() - series[0]!.readAt.getTime();
  const usual = {
    history: 'half the views this creator’s posts usually get',
    followers: 'views equal to half the account’s followers',
    unknown: `${formatCount(rule.establishedViewsWhenUnknown)} views or more`,
  }[reach.source];
  const when = spike.late
    ? `${formatDuration(since)} after its views were first counted`
    : `when it already had ${usual}`;
  return {
    code: 'SPIKE',
    value: spike.multiple,
    threshold: rule.multiple,
    weight: rule.weight,
    sentence: `In ${formatDuration(end.readAt.getTime() - start.readAt.getTime())} the post gained ${formatCount(gained)} views, ${formatMultiple(spike.multiple)} the ${formatCount(start.views)} it had, ${when}; organic posts grow this fast only while they are new.`,
    window: { from: start.readAt, to: end.readAt, views: gained },
  };
}

function lowEngagementSignal(latest: CountedReading, input: ViewRiskInput): ViewRiskSignal | null {
  const rule = VIEW_RISK_THRESHOLDS.LOW_ENGAGEMENT;
  if (latest.views < rule.minViews || (latest.likes === null && latest.comments === null)) return null;
  const likesShown = latest.likes !== null;
  const reactions = (latest.likes ?? 0) + (latest.comments ?? 0);
  const perThousand = (reactions * 1_000) / latest.views;
  const floor = likesShown ? rule.floorPer1000Views[input.platform] : rule.commentsOnlyFloorPer1000Views;
  if (perThousand >= floor) return null;
  const rate = formatRate(perThousand);
  const what = likesShown ? ['like and comment', 'likes and comments'] : ['comment', 'comments'];
  const hidden = likesShown ? '' : '; its likes are hidden';
  return {
    code: 'LOW_ENGAGEMENT',
    value: perThousand,
    threshold: floor,
    weight: rule.weight,
    sentence: `The post has ${rate} ${what[rate === '1' ? 0 : 1]} per 1,000 views (${formatCount(reactions)} on ${formatCount(latest.views)} views${hidden}); organic ${PLATFORM_LABELS[input.platform]} posts usually have ${formatRate(floor)} or more.`,
    window: null,
  };
}

function beyondFollowersSignal(latest: CountedReading, input: ViewRiskInput): ViewRiskSignal | null {
  const rule = VIEW_RISK_THRESHOLDS.BEYOND_FOLLOWERS;
  if (input.followers === null || input.followers <= 0 || latest.views < rule.minViews) return null;
  const multiple = latest.views / input.followers;
  const threshold = rule.multiple[input.platform];
  if (multiple <= threshold) return null;
  return {
    code: 'BEYOND_FOLLOWERS',
    value: multiple,
    threshold,
    weight: rule.weight,
    sentence: `The post’s ${formatCount(latest.views)} views are ${formatMultiple(multiple)} the account’s ${formatCount(input.followers)} followers; organic ${PLATFORM_LABELS[input.platform]} posts rarely pass ${formatMultiple(threshold)}.`,
    window: null,
  };
}

function beyondHistorySignal(latest: CountedReading, input: ViewRiskInput): ViewRiskSignal | null {
  const rule = VIEW_RISK_THRESHOLDS.BEYOND_HISTORY;
  const usual = historyMedian(input);
  if (usual === null || usual <= 0 || latest.views < rule.minViews) return null;
  const multiple = latest.views / usual;
  if (multiple <= rule.multiple) return null;
  return {
    code: 'BEYOND_HISTORY',
    value: multiple,
    threshold: rule.multiple,
    weight: rule.weight,
    sentence: `The post’s ${formatCount(latest.views)} views are ${formatMultiple(multiple)} the ${formatCount(usual)} this creator’s earlier ${PLATFORM_LABELS[input.platform]} entries usually got; more than ${formatMultiple(rule.multiple)} is rare.`,
    window: null,
  };
}

function viewsPerHour(later: CountedReading, earlier: CountedReading): number {
  const hours = (later.readAt.getTime() - earlier.readAt.getTime()) / HOUR_MS;
  return hours > 0 ? (later.views - earlier.views) / hours : 0;
}

function afterEndSignal(series: readonly CountedReading[], input: ViewRiskInput): ViewRiskSignal | null {
  const rule = VIEW_RISK_THRESHOLDS.AFTER_END;
  const endsAt = input.campaignEndsAt.getTime();
  const first = series[0];
  const atEnd = series.findLast((reading) => reading.readAt.getTime() <= endsAt);
  const latest = series.at(-1);
  if (first === undefined || atEnd === undefined || latest === undefined) return null;
  if (endsAt - first.readAt.getTime() < rule.minHoursCountedBeforeEnd * HOUR_MS) return null;
  const gained = latest.views - atEnd.views;
  const share = gained / Math.max(atEnd.views, 1);
  if (gained < rule.minGainViews || share <= rule.share) return null;
  const paceFrom = series.findLast(
    (reading) => reading.readAt.getTime() <= endsAt - rule.paceComparedHours * HOUR_MS,
  );
  if (paceFrom !== undefined && viewsPerHour(latest, atEnd) <= viewsPerHour(atEnd, paceFrom)) return null;
  return {
    code: 'AFTER_END',
    value: share,
    threshold: rule.share,
    weight: rule.weight,
    sentence: `Views grew ${formatPercent(share)} after the campaign ended, from ${formatCount(atEnd.views)} to ${formatCount(latest.views)}, faster than in the day before it ended; organic posts slow down as they age.`,
    window: null,
  };
}

function postGoneSignal(input: ViewRiskInput): ViewRiskSignal | null {
  if (!input.postGone) return null;
  return {
    code: 'POST_GONE',
    value: 1,
    threshold: 1,
    weight: VIEW_RISK_THRESHOLDS.POST_GONE.weight,
    sentence: `The post is gone or private on ${PLATFORM_LABELS[input.platform]}, so its views can no longer be checked.`,
    window: null,
  };
}

/**
 * Scores an entry's figures from 0 to 100 and says why, one signal per reason (ADR 037). Pure: the same
 * input always gives the same assessment; readings may come in any order, and readings without views are
 * left out. With no counted views only POST_GONE can fire.
 */
export function assessViewRisk(input: ViewRiskInput): ViewRiskAssessment {
  const series = countedReadings(input.readings);
  const latest = series.at(-1);
  const fromSeries =
    latest === undefined
      ? []
      : [
          spikeSignal(series, input),
          lowEngagementSignal(latest, input),
          beyondFollowersSignal(latest, input),
          beyondHistorySignal(latest, input),
          afterEndSignal(series, input),
        ];
  const signals = [...fromSeries, postGoneSignal(input)].filter(
    (signal): signal is ViewRiskSignal => signal !== null,
  );
  const score = Math.min(
    MAX_SCORE,
    signals.reduce((sum, signal) => sum + signal.weight, 0),
  );
  return { score, signals };
}
