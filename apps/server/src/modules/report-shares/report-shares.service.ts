import { bindUseCases } from '../use-cases';
import type { ReportSharesContext } from './report-shares.context';
import { createReportShare } from './use-cases/create-report-share';
import { listReportShares } from './use-cases/list-report-shares';
import { openSharedReport } from './use-cases/open-shared-report';
import { revokeReportShare } from './use-cases/revoke-report-share';

export { REPORT_LINK_RATE_LIMITS } from './use-cases/open-shared-report';

export type ReportSharesDependencies = ReportSharesContext;

/** Signed links to a campaign's report, for people without an account: made, listed, revoked and opened. */
export function createReportSharesService(dependencies: ReportSharesDependencies) {
  return bindUseCases(dependencies, {
    create: createReportShare,
    list: listReportShares,
    revoke: revokeReportShare,
    open: openSharedReport,
  });
}

export type ReportSharesService = ReturnType<typeof createReportSharesService>;
