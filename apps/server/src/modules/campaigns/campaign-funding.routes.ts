import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  campaignFundingSchema,
  campaignFundingsResponseSchema,
  idParamsSchema,
  providerFundingBodySchema,
  transferFundingBodySchema,
} from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { CampaignsCaller, CampaignsService } from './campaigns.service';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const base = '/server-api/marketing/campaigns/:id/fundings';

const caller = (request: FastifyRequest): CampaignsCaller => ({
  ...staffCaller(request),
  requestId: request.id,
});

/** The money received for a campaign's budget (ADR 038): what arrived, a transfer, a provider's top-up. */
export function campaignFundingRoutes(app: FastifyInstance, campaignsService: CampaignsService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    base,
    {
      config: { access: access.staff('READ', 'CAMPAIGN_BUDGET', { scoped: true }) },
      schema: {
        tags,
        summary: 'The money received for a campaign’s budget, newest first',
        description: '`providerTopUps` says whether a payments provider can take a top-up here.',
        security,
        params: idParamsSchema,
        response: { 200: campaignFundingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => campaignsService.fundings(staffCaller(request), request.params.id),
  );

  routes.post(
    `${base}/transfer`,
    {
      // Narrowed to no team: recording money received is for a grant over every campaign (the Admin's).
      config: { access: access.staff('EDIT', 'CAMPAIGN_BUDGET', { scoped: false }), idempotent: true },
      schema: {
        tags,
        summary: 'Record a bank transfer received for a campaign’s budget (SUCCEEDED at once)',
        description:
          'Money beyond the budget raises the budget by as much; a published campaign past its start ' +
          'that it funds goes live. An ended or archived campaign cannot be funded (409).',
        security,
        params: idParamsSchema,
        body: transferFundingBodySchema,
        response: { 201: campaignFundingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await campaignsService.recordTransfer(caller(request), request.params.id, request.body)),
  );

  routes.post(
    `${base}/top-up`,
    {
      config: { access: access.staff('EDIT', 'CAMPAIGN_BUDGET', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary: 'Top a campaign’s budget up through the payments provider',
        description:
          'SUCCEEDED when the provider says so at once, else PENDING until a job finds it settled. ' +
          'Without a provider, or for an ended or archived campaign: 409. Refused by the provider: 422; ' +
          'the provider unreachable: 503, and nothing is recorded.',
        security,
        params: idParamsSchema,
        body: providerFundingBodySchema,
        response: { 201: campaignFundingSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await campaignsService.topUp(caller(request), request.params.id, request.body)),
  );
}
