import { REPORT_TOP_SIZE, type CampaignReport } from '@platform/shared';
import { errors } from '../../errors';
import type { CampaignFacts } from '../campaigns/campaigns.service';
import { dayOf } from './report-days';
import type { ReportsContext } from './reports.context';
import { reportsRepository as repository, type Totals } from './reports.repository';

/** Null rather than a ratio over nothing. */
const perView = (amount: number, views: number, scale: number) =>
  views > 0 ? (amount / views) * scale : null;

const engagementOf = (totals: Totals) =>
  perView(totals.likes + totals.comments + totals.shares, totals.views, 1);

/** What a campaign did, from the sums the database keeps of its readings (ADR 040) and from its ledger. */
export async function reportOf(context: ReportsContext, campaign: CampaignFacts): Promise<CampaignReport> {
  const { db, clock, campaignsService, paymentsService, creatorService } = context;
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
