import { FORECAST_TREND_DAYS, type CampaignForecast } from '@platform/shared';
import { errors } from '../../../errors';
import type { StaffCaller } from '../../../principal';
import type { CampaignFacts } from '../../campaigns/campaigns.service';
import { DAY_MS, fitTrend, project, runsOutAt } from '../forecast';
import { dayBefore, dayOf, daysFrom, earlier, endOfDay, pointOf } from '../report-days';
import type { ReportsContext } from '../reports.context';
import { reportsRepository as repository } from '../reports.repository';

/** A day that has passed: its figures as they were read, nothing projected. */
type ActualDay = {
  date: string;
  views: number;
  spentMinor: number;
  projectedViews: null;
  lowViews: null;
  highViews: null;
};

/** The campaign's whole days so far, each with its cumulative views and spend. */
async function actualSeries(
  context: ReportsContext,
  campaign: CampaignFacts,
  wholeDays: string[],
): Promise<ActualDay[]> {
  const firstDay = wholeDays[0];
  const lastWholeDay = wholeDays.at(-1);
  if (!firstDay || !lastWholeDay) return [];
  const viewsByDay = await repository.daily(context.db, campaign.id, firstDay, lastWholeDay);
  const spentByDay = await context.paymentsService.campaignCommittedByDay(
    campaign.id,
    firstDay,
    lastWholeDay,
  );
  return wholeDays.map((date, index) => ({
    date,
    views: viewsByDay[index]?.views ?? 0,
    spentMinor: spentByDay[index]?.committedMinor ?? 0,
    projectedViews: null,
    lowViews: null,
    highViews: null,
  }));
}

/**
 * Views and spend carried to the end from the trend of the last whole days (at most FORECAST_TREND_DAYS):
 * a least-squares line through each cumulative figure at the end of each day, its slope continued from
 * where the figure stands now, with a range of two standard errors of the slope.
 */
async function forecastOf(context: ReportsContext, campaign: CampaignFacts): Promise<CampaignForecast> {
  const terms = await context.campaignsService.rewardTerms(campaign.id);
  if (!terms) throw errors.notFound();
  const now = context.clock.now();
  const ledger = await context.paymentsService.campaignLedger(campaign.id);
  const leftMinor = terms.budget - ledger.committedMinor;
  const firstDay = dayOf(campaign.startsAt);
  const lastDay = dayOf(new Date(campaign.endsAt.getTime() - 1));
  const lastWholeDay = earlier(dayBefore(dayOf(now)), lastDay);
  const started = now >= campaign.startsAt;
  const wholeDays = started && firstDay <= lastWholeDay ? daysFrom(firstDay, lastWholeDay) : [];
  const actual = await actualSeries(context, campaign, wholeDays);

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
  const { views } = await repository.totals(context.db, campaign.id);
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

/** GET …/marketing/campaigns/{id}/forecast: a live campaign's views and spend projected to its end. */
export async function campaignForecast(
  context: ReportsContext,
  caller: StaffCaller,
  campaignId: string,
): Promise<CampaignForecast> {
  return forecastOf(context, await context.campaignsService.staffCampaignFacts(caller, campaignId));
}
