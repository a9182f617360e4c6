import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, campaignReportSchema, idParamsSchema } from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { ReportsService } from './reports.service';

export function reportsRoutes(reportsService: ReportsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/server-api/marketing/campaigns/:id/report',
      {
        config: { access: access.staff('VIEW', 'CAMPAIGN_REPORT', { scoped: true }) },
        schema: {
          tags: ['reports'],
          summary:
            'A campaign’s report: its KPIs, figures day by day, breakdowns and top creators and entries',
          description:
            'Every figure is summed when asked from each approved entry’s latest reading and from the ' +
            'campaign’s ledger, and `asOf` says when those were last read and moved. The day series sums, for ' +
            'each UTC day from the start, the latest readings read by the end of that day. Per country the ' +
            'creators live in, not per territory.',
          security: [{ bearer: [] }],
          params: idParamsSchema,
          response: { 200: campaignReportSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => reportsService.campaignReport(staffCaller(request), request.params.id),
    );
  };
}
