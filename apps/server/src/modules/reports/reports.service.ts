import { bindUseCases } from '../use-cases';
import type { ReportsContext } from './reports.context';
import { campaignForecast } from './use-cases/campaign-forecast';
import { campaignReport } from './use-cases/campaign-report';
import { reportList } from './use-cases/report-list';
import { sharedCampaignReport } from './use-cases/shared-campaign-report';

export type ReportsDependencies = ReportsContext;

/** Campaigns' reports and forecasts, summed when asked from the stored readings and the ledger (ADR 026). */
export function createReportsService(dependencies: ReportsDependencies) {
  return bindUseCases(dependencies, { campaignReport, sharedCampaignReport, campaignForecast, reportList });
}

export type ReportsService = ReturnType<typeof createReportsService>;
