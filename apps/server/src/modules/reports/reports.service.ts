import { bindUseCases } from '../use-cases';
import type { ReportsContext } from './reports.context';
import { campaignForecast } from './use-cases/campaign-forecast';
import { campaignReport } from './use-cases/campaign-report';
import { reportList } from './use-cases/report-list';
import { sharedCampaignReport } from './use-cases/shared-campaign-report';

export type ReportsDependencies = ReportsContext;

/** Campaigns' reports and forecasts, from the kept sums of the readings (ADR 040) and the ledger. */
export function createReportsService(dependencies: ReportsDependencies) {
  return bindUseCases(dependencies, { campaignReport, sharedCampaignReport, campaignForecast, reportList });
}

export type ReportsService = ReturnType<typeof createReportsService>;
