import type { PlatformModule } from '../module';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsDependencies, type ReportsService } from './reports.service';

/** What a campaign did, summed from its figures and its ledger whenever it is asked. */
export function reportsModule(dependencies: ReportsDependencies): PlatformModule<ReportsService> {
  const service = createReportsService(dependencies);
  return { name: 'reports', service, routes: reportsRoutes(service) };
}
