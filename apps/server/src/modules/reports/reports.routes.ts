import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  campaignForecastSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignReportSchema,
  idParamsSchema,
} from '@platform/shared';
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

    routes.get(
      '/server-api/marketing/campaigns/:id/forecast',
      {
        config: { access: access.staff('VIEW', 'FORECAST_REPORT', { scoped: true }) },
        schema: {
          tags: ['reports'],
          summary: 'A live campaign’s views and spend projected to its end from the trend so far',
          description:
            'A least-squares line through the cumulative views, and apart through the cumulative spend, at the ' +
            'end of each of the last whole days (at most 14), continued from where each stands now to the end. ' +
            'The range is the slope less and more two standard errors; spend is capped at the budget. ' +
            '`state` says why there is no projection: the campaign has not started, has ended, or has fewer than ' +
            'two whole days of figures.',
          security: [{ bearer: [] }],
          params: idParamsSchema,
          response: { 200: campaignForecastSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => reportsService.campaignForecast(staffCaller(request), request.params.id),
    );

    routes.get(
      '/server-api/marketing/reports',
      {
        config: { access: access.staff('VIEW', 'CAMPAIGN_REPORT', { scoped: true }) },
        schema: {
          tags: ['reports'],
          summary: 'A page of the campaigns whose report the caller may see, most recently changed first',
          description:
            'The campaigns list under the report grant: a StatsViewer, Admin and Support see every campaign, ' +
            'marketers their teams’, a TerritoryManager their territories’.',
          security: [{ bearer: [] }],
          querystring: campaignListQuerySchema,
          response: { 200: campaignListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => reportsService.reportList(staffCaller(request), request.query),
    );
  };
}
