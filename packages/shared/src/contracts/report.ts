// zod/mini, like the other contracts the console's pages load (ADR 009).
import { z } from 'zod/mini';
import { MARKETING_CURRENCIES } from '../vocabulary/currencies';
import { MARKETING_PLATFORMS } from '../vocabulary/platforms';
import { schema } from './build-schema';

/** How many creators and entries a campaign report lists as its top. */
export const REPORT_TOP_SIZE = 10;

const count = () => z.number().check(z.int());

/** Which campaign a report or forecast is of, in which currency, and when it runs. */
const campaignShape = () => ({
  campaignId: z.string(),
  campaignName: z.string(),
  currency: z.enum(MARKETING_CURRENCIES),
  startsAt: z.string(),
  endsAt: z.string(),
});

const creatorShape = () =>
  z.object({ id: z.string(), name: z.nullable(z.string()), handle: z.nullable(z.string()) });

/** Summed figures: each approved entry's latest reading, a figure the source did not say counting as none. */
const totalsShape = () => ({ views: count(), likes: count(), comments: count(), shares: count() });

export const reportDaySchema = schema(() =>
  z.object({
    /** A UTC day, `YYYY-MM-DD`: the figures as read by its end. */
    date: z.string(),
    ...totalsShape(),
  }),
);
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportPlatformSchema = schema(() =>
  z.object({ platform: z.enum(MARKETING_PLATFORMS), entries: count(), ...totalsShape() }),
);

/** Per country the creators live in (their profile's), not per territory: territories may overlap. */
export const reportCountrySchema = schema(() =>
  z.object({ country: z.nullable(z.string()), creators: count(), entries: count(), ...totalsShape() }),
);

export const reportCreatorSchema = schema(() =>
  z.object({
    creator: creatorShape(),
    country: z.nullable(z.string()),
    entries: count(),
    ...totalsShape(),
  }),
);

export const reportEntrySchema = schema(() =>
  z.object({
    entryId: z.string(),
    creator: creatorShape(),
    platform: z.enum(MARKETING_PLATFORMS),
    postLink: z.nullable(z.string()),
    submittedAt: z.string(),
    ...totalsShape(),
    /** When these figures were read. */
    readAt: z.nullable(z.string()),
  }),
);

/** GET …/marketing/campaigns/{id}/report: every figure summed from the stored readings and the ledger. */
export const campaignReportSchema = schema(() =>
  z.object({
    ...campaignShape(),
    asOf: z.object({
      /** When the newest figure counted was read; null while there is none. */
      figures: z.nullable(z.string()),
      /** When the campaign's ledger last moved; null while it has not. */
      ledger: z.nullable(z.string()),
    }),
    kpis: z.object({
      /** Creators whose RSVP stands accepted. */
      creatorsJoined: count(),
      /** Every entry sent, whatever became of it. */
      entriesSubmitted: count(),
      entriesApproved: count(),
      entriesRejected: count(),
      ...totalsShape(),
      /** (likes + comments + shares) / views; null without views. */
      engagementRate: z.nullable(z.number()),
      budgetMinor: count(),
      /** What the campaign's rewards have committed: the balance of its ledger account. */
      spentMinor: count(),
      leftMinor: count(),
      /** spent / views × 1000, in minor units; null without views. */
      costPerThousandViewsMinor: z.nullable(z.number()),
    }),
    /** From the campaign’s first day to its last, or to the newest figures’ day when later; never past today. */
    daily: z.array(reportDaySchema),
    platforms: z.array(reportPlatformSchema),
    countries: z.array(reportCountrySchema),
    topCreators: z.array(reportCreatorSchema),
    topEntries: z.array(reportEntrySchema),
  }),
);
export type CampaignReport = z.infer<typeof campaignReportSchema>;

/** How many of the latest whole days a forecast fits its trend to. */
export const FORECAST_TREND_DAYS = 14;

/** Why a forecast does or does not project: only a live campaign with two days of figures has a trend. */
export const FORECAST_STATES = ['PROJECTED', 'NOT_STARTED', 'ENDED', 'TOO_EARLY'] as const;
export type ForecastState = (typeof FORECAST_STATES)[number];

/** One figure projected to the campaign's end: where it stands, the trend, and the range around it. */
export const forecastProjectionSchema = schema(() =>
  z.object({
    /** Where the figure stands now. */
    current: count(),
    /** The trend's daily increase (the slope of the fitted line). */
    perDay: z.number(),
    /** The figure at the campaign's end if the trend holds. */
    projected: count(),
    /** The range: the trend's slope less and more two standard errors, never below `current`. */
    low: count(),
    high: count(),
  }),
);
export type ForecastProjection = z.infer<typeof forecastProjectionSchema>;

/** GET …/marketing/campaigns/{id}/forecast: views and spend projected to the end from the trend so far. */
export const campaignForecastSchema = schema(() =>
  z.object({
    ...campaignShape(),
    /** When this was worked out: the projections run from here to `endsAt`. */
    asOf: z.string(),
    state: z.enum(FORECAST_STATES),
    /** The UTC days, `YYYY-MM-DD`, the trend was fitted to; empty unless PROJECTED. */
    trendFrom: z.nullable(z.string()),
    trendTo: z.nullable(z.string()),
    trendDays: count(),
    /** Null unless PROJECTED. */
    views: z.nullable(forecastProjectionSchema),
    /** Spend in minor units, capped at the budget. Null unless PROJECTED. */
    spendMinor: z.nullable(forecastProjectionSchema),
    budgetMinor: count(),
    spentMinor: count(),
    leftMinor: count(),
    /**
     * When the budget runs out if spending goes on at the trend's rate: an instant before `endsAt`, or null
     * when it lasts to the end (or nothing is being spent, or there is no trend).
     */
    budgetRunsOutAt: z.nullable(z.string()),
    /** The cumulative figures day by day the trend was fitted to, then the projection to the end. */
    series: z.array(
      z.object({
        date: z.string(),
        views: z.nullable(count()),
        spentMinor: z.nullable(count()),
        projectedViews: z.nullable(count()),
        lowViews: z.nullable(count()),
        highViews: z.nullable(count()),
      }),
    ),
  }),
);
export type CampaignForecast = z.infer<typeof campaignForecastSchema>;
