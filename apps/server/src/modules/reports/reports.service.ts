import {
  FORECAST_TREND_DAYS,
  REPORT_TOP_SIZE,
  type CampaignForecast,
  type CampaignListQuery,
  type CampaignReport,
  type CampaignSummary,
  type Paged,
} from '@platform/shared';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import type { StaffCaller } from '../../principal';
import type { CampaignFacts, CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { PaymentsService } from '../payments/payments.service';
import { DAY_MS, fitTrend, project, runsOutAt, type TrendPoint } from './forecast';
import { reportsRepository as repository, type Totals } from './reports.repository';

export type ReportsDependencies = {
  db: Database;
  clock: Clock;
  campaignsService: Pick<
    CampaignsService,
    'staffCampaignFacts' | 'rewardTerms' | 'campaignFactsById' | 'list'
  >;
  paymentsService: Pick<PaymentsService, 'campaignLedger' | 'campaignCommittedByDay'>;
  creatorService: Pick<CreatorService, 'withCreators'>;
};

/** A UTC day as `YYYY-MM-DD`. */
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

const dayBefore = (day: string) => dayOf(new Date(Date.parse(day) - DAY_MS));

/** The end of a UTC day `YYYY-MM-DD`: the next day's first instant. */
const endOfDay = (day: string) => new Date(Date.parse(day) + DAY_MS);

const earlier = (a: string, b: string) => (a < b ? a : b);

/** Every UTC day from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = dayOf(endOfDay(day))) days.push(day);
  return days;
}

/** A day's cumulative figure as a point for the trend, its day counted from 1970. */
const pointOf = (date: string, value: number): TrendPoint => ({ day: Date.parse(date) / DAY_MS, value });

/** Null rather than a ratio over nothing. */
const perView = (amount: number, views: number, scale: number) =>
  views > 0 ? (amount / views) * scale : null;

const engagementOf = (totals: Totals) =>
  perView(totals.likes + totals.comments + totals.shares, totals.views, 1);

export function createReportsService({
  db,
  clock,
  campaignsService,
  paymentsService,
  creatorService,
}: ReportsDependencies) {
  /** What a campaign did, summed when asked from the stored readings and the ledger (ADR 026). */
  async function reportOf(campaign: CampaignFacts): Promise<CampaignReport> {
    const terms = await campaignsService.rewardTerms(campaign.id);
    if (!terms) throw errors.notFound();
    const today = dayOf(clock.now());

    // One snapshot for every sum, so that the last day of the series is the totals even while figures
    // arrive: the reads are a few, and a report is asked for by people, not polled.
    const figures = await db.transaction(
      async (tx) => {
        const counts = await repository.counts(tx, campaign.id);
        const totals = await repository.totals(tx, campaign.id);
        const platforms = await repository.byPlatform(tx, campaign.id);
        const countries = await repository.byCountry(tx, campaign.id);
        const topCreators = await repository.topCreators(tx, campaign.id, REPORT_TOP_SIZE);
        const topEntries = await repository.topEntries(tx, campaign.id, REPORT_TOP_SIZE);
        const from = dayOf(campaign.startsAt);
        const lastDay = [dayOf(campaign.endsAt), totals.asOf ? dayOf(totals.asOf) : ''].sort().at(-1) ?? '';
        const to = lastDay < today ? lastDay : today;
        const daily = from <= to ? await repository.daily(tx, campaign.id, from, to) : [];
        return { counts, totals, platforms, countries, topCreators, topEntries, daily };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const ledger = await paymentsService.campaignLedger(campaign.id);
    const { counts, totals } = figures;
    const topCreators = await creatorService.withCreators(figures.topCreators, campaign.platform);
    const topEntries = await creatorService.withCreators(figures.topEntries, campaign.platform);

    return {
      campaignId: campaign.id,
      campaignName: campaign.name,
      currency: terms.currency,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt.toISOString(),
      asOf: {
        figures: totals.asOf?.toISOString() ?? null,
        ledger: ledger.lastLineAt?.toISOString() ?? null,
      },
      kpis: {
        creatorsJoined: counts.joined,
        entriesSubmitted: counts.submitted,
        entriesApproved: counts.approved,
        entriesRejected: counts.rejected,
        views: totals.views,
        likes: totals.likes,
        comments: totals.comments,
        shares: totals.shares,
        engagementRate: engagementOf(totals),
        budgetMinor: terms.budget,
        spentMinor: ledger.committedMinor,
        leftMinor: terms.budget - ledger.committedMinor,
        costPerThousandViewsMinor: perView(ledger.committedMinor, totals.views, 1000),
      },
      daily: figures.daily,
      platforms: figures.platforms,
      countries: figures.countries,
      topCreators: topCreators.map(({ creatorId: _id, ...row }) => row),
      topEntries: topEntries.map(({ creatorId: _id, submittedAt, readAt, ...row }) => ({
        ...row,
        submittedAt: submittedAt.toISOString(),
        readAt: readAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * Views and spend carried to the end from the trend of the last whole days (at most FORECAST_TREND_DAYS):
   * a least-squares line through each cumulative figure at the end of each day, its slope continued from
   * where the figure stands now, with a range of two standard errors of the slope.
   */
  async function forecastOf(campaign: CampaignFacts): Promise<CampaignForecast> {
    const terms = await campaignsService.rewardTerms(campaign.id);
    if (!terms) throw errors.notFound();
    const now = clock.now();
    const ledger = await paymentsService.campaignLedger(campaign.id);
    const leftMinor = terms.budget - ledger.committedMinor;
    const firstDay = dayOf(campaign.startsAt);
    const lastDay = dayOf(new Date(campaign.endsAt.getTime() - 1));
    const lastWholeDay = earlier(dayBefore(dayOf(now)), lastDay);
    const started = now >= campaign.startsAt;
    const wholeDays = started && firstDay <= lastWholeDay ? daysFrom(firstDay, lastWholeDay) : [];

    const viewsByDay = wholeDays.length
      ? await repository.daily(db, campaign.id, firstDay, lastWholeDay)
      : [];
    const spentByDay = wholeDays.length
      ? await paymentsService.campaignCommittedByDay(campaign.id, firstDay, lastWholeDay)
      : [];
    const actual = wholeDays.map((date, index) => ({
      date,
      views: viewsByDay[index]?.views ?? 0,
      spentMinor: spentByDay[index]?.committedMinor ?? 0,
      projectedViews: null,
      lowViews: null,
      highViews: null,
    }));

    const state = !started
      ? 'NOT_STARTED'
      : now >= campaign.endsAt
        ? 'ENDED'
        : wholeDays.length < 2
          ? 'TOO_EARLY'
          : 'PROJECTED';
    const base = {
      campaignId: campaign.id,
      campaignName: campaign.name,
      currency: terms.currency,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt.toISOString(),
      asOf: now.toISOString(),
      budgetMinor: terms.budget,
      spentMinor: ledger.committedMinor,
      leftMinor,
    };
    if (state !== 'PROJECTED') {
      return {
        ...base,
        state,
        trendFrom: null,
        trendTo: null,
        trendDays: 0,
        views: null,
        spendMinor: null,
        budgetRunsOutAt: null,
        series: actual,
      };
    }

    const trendRows = actual.slice(-FORECAST_TREND_DAYS);
    const viewsTrend = fitTrend(trendRows.map((row) => pointOf(row.date, row.views)));
    const spendTrend = fitTrend(trendRows.map((row) => pointOf(row.date, row.spentMinor)));
    const { views } = await repository.totals(db, campaign.id);
    const daysLeft = (campaign.endsAt.getTime() - now.getTime()) / DAY_MS;
    const projected = daysFrom(dayOf(now), lastDay).map((date) => {
      const until = Math.min(endOfDay(date).getTime(), campaign.endsAt.getTime());
      const projection = project(views, viewsTrend, (until - now.getTime()) / DAY_MS);
      return {
        date,
        views: null,
        spentMinor: null,
        projectedViews: projection.projected,
        lowViews: projection.low,
        highViews: projection.high,
      };
    });

    return {
      ...base,
      state,
      trendFrom: trendRows[0]?.date ?? null,
      trendTo: trendRows.at(-1)?.date ?? null,
      trendDays: trendRows.length,
      views: project(views, viewsTrend, daysLeft),
      spendMinor: project(
        ledger.committedMinor,
        spendTrend,
        daysLeft,
        Math.max(terms.budget, ledger.committedMinor),
      ),
      budgetRunsOutAt: runsOutAt(leftMinor, spendTrend.perDay, now, campaign.endsAt)?.toISOString() ?? null,
      series: [...actual, ...projected],
    };
  }

  return {
    /** GET …/marketing/campaigns/{id}/report: a campaign's report, for staff who may see the campaign. */
    async campaignReport(caller: StaffCaller, campaignId: string): Promise<CampaignReport> {
      return reportOf(await campaignsService.staffCampaignFacts(caller, campaignId));
    },

    /**
     * A campaign's report for a caller already given it another way (a signed report link); 404 when the
     * campaign is gone.
     */
    async sharedCampaignReport(campaignId: string): Promise<CampaignReport> {
      const campaign = await campaignsService.campaignFactsById(campaignId);
      if (!campaign) throw errors.notFound();
      return reportOf(campaign);
    },

    /** GET …/marketing/campaigns/{id}/forecast: a live campaign's views and spend projected to its end. */
    async campaignForecast(caller: StaffCaller, campaignId: string): Promise<CampaignForecast> {
      return forecastOf(await campaignsService.staffCampaignFacts(caller, campaignId));
    },

    /**
     * GET …/marketing/reports: the campaigns whose report the caller may see. The report grant is scoped as
     * the campaign grant is (DESIGN §6), so it is the campaigns list under another grant.
     */
    reportList(caller: StaffCaller, query: CampaignListQuery): Promise<Paged<CampaignSummary>> {
      return campaignsService.list(caller, query);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
