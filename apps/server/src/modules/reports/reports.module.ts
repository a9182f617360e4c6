import { defineModule } from '../module';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

declare module '../module' {
  interface ModuleServices {
    reports: ReportsService;
  }
}

/** What a campaign did, from the sums kept of its figures (ADR 040) and its ledger. */
export const reportsModule = defineModule({
  name: 'reports',
  needs: ['campaigns', 'payments', 'creator'],
  build({ db, clock }, { campaigns, payments, creator }) {
    const service = createReportsService({
      db,
      clock,
      campaignsService: campaigns,
      paymentsService: payments,
      creatorService: creator,
    });
    return { service, routes: reportsRoutes(service) };
  },
});
