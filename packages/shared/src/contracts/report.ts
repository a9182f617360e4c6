// zod/mini, like the other contracts the console's pages load (ADR 009).
import { z } from 'zod/mini';
import { MARKETING_CURRENCIES } from '../vocabulary/currencies';
import { MARKETING_PLATFORMS } from '../vocabulary/platforms';
import { schema } from './build-schema';

/** How many creators and entries a campaign report lists as its top. */
export const REPORT_TOP_SIZE = 10;

const count = () => z.number().check(z.int());

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
    creator: z.object({ id: z.string(), name: z.nullable(z.string()), handle: z.nullable(z.string()) }),
    country: z.nullable(z.string()),
    entries: count(),
    ...totalsShape(),
  }),
);

export const reportEntrySchema = schema(() =>
  z.object({
    entryId: z.string(),
    creator: z.object({ id: z.string(), name: z.nullable(z.string()), handle: z.nullable(z.string()) }),
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
    campaignId: z.string(),
    campaignName: z.string(),
    currency: z.enum(MARKETING_CURRENCIES),
    startsAt: z.string(),
    endsAt: z.string(),
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
