import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  createReportShareSchema,
  idParamsSchema,
  reportShareListSchema,
  reportShareSchema,
  sharedReportSchema,
} from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { ReportSharesService } from './report-shares.service';

const tags = ['reports'];
const security = [{ bearer: [] }];

const shareParamsSchema = z.object({ id: z.string().max(100), shareId: z.string().max(100) });
const tokenParamsSchema = z.object({ token: z.string() });

const actor = (request: FastifyRequest) => ({ ...staffCaller(request), requestId: request.id });

export function reportSharesRoutes(service: ReportSharesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const sharers = { config: { access: access.staff('SHARE', 'REPORT', { scoped: true }) } };

    routes.post(
      '/server-api/marketing/campaigns/:id/report/shares',
      {
        ...sharers,
        schema: {
          tags,
          summary: 'A read-only link to the campaign’s report, for people without an account',
          description:
            'The link works until `expiresInDays` have passed (7 unless told, at most 90) or until it is revoked.',
          security,
          params: idParamsSchema,
          body: createReportShareSchema,
          response: { 201: reportShareSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const share = await service.create(actor(request), request.params.id, request.body);
        return reply.status(201).send(share);
      },
    );

    routes.get(
      '/server-api/marketing/campaigns/:id/report/shares',
      {
        ...sharers,
        schema: {
          tags,
          summary: 'Every link made to the campaign’s report, newest first, with whether it still works',
          security,
          params: idParamsSchema,
          response: { 200: reportShareListSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.list(staffCaller(request), request.params.id),
    );

    routes.post(
      '/server-api/marketing/campaigns/:id/report/shares/:shareId/revoke',
      {
        ...sharers,
        schema: {
          tags,
          summary: 'Stop a report link from working, at once',
          description: 'Revoking a revoked link changes nothing; a link of another campaign is a 404.',
          security,
          params: shareParamsSchema,
          response: { 200: reportShareSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.revoke(actor(request), request.params.id, request.params.shareId),
    );

    // The token is the credential. Whatever is wrong with it, the answer is the same 404.
    routes.get(
      '/server-api/shared-reports/:token',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'The campaign report a link was made for, without an account',
          description:
            'A malformed, altered, expired or revoked link is a 404, whichever it is. Never cached, never indexed.',
          params: tokenParamsSchema,
          response: { 200: sharedReportSchema, ...errorResponses(404, 429) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        return service.open(request.params.token, request.ip);
      },
    );
  };
}
