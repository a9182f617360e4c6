import { createHmac } from 'node:crypto';
import { defineModule } from '../module';
import { reportSharesRoutes } from './report-shares.routes';
import { createReportSharesService, type ReportSharesService } from './report-shares.service';

declare module '../module' {
  interface ModuleServices {
    'report-shares': ReportSharesService;
  }
}

/** Signed, expiring, revocable read-only links to a campaign's report (ADR 027). */
export const reportSharesModule = defineModule({
  name: 'report-shares',
  needs: ['audit', 'campaigns', 'reports', 'auth'],
  build({ db, clock, rateLimiter, sessionSecret, config }, { audit, campaigns, reports, auth }) {
    const service = createReportSharesService({
      db,
      clock,
      audit,
      campaignsService: campaigns,
      reportsService: reports,
      authService: auth,
      rateLimiter,
      // A key of its own, derived from the session key, so a report link can never pass for anything else.
      linkKey: createHmac('sha256', sessionSecret).update('report links').digest(),
      publicUrl: config.publicUrl,
    });
    return { service, routes: reportSharesRoutes(service) };
  },
});
