import type { PlatformModule } from '../module';
import { reportSharesRoutes } from './report-shares.routes';
import {
  createReportSharesService,
  type ReportSharesDependencies,
  type ReportSharesService,
} from './report-shares.service';

/** Signed, expiring, revocable read-only links to a campaign's report (ADR 027). */
export function reportSharesModule(
  dependencies: ReportSharesDependencies,
): PlatformModule<ReportSharesService> {
  const service = createReportSharesService(dependencies);
  return { name: 'report-shares', service, routes: reportSharesRoutes(service) };
}
