import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  creatorCampaignDetailSchema,
  creatorCampaignListQuerySchema,
  creatorCampaignListResponseSchema,
  idParamsSchema,
} from '@platform/shared';
import { creatorCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { CreatorCampaignsService } from './creator-campaigns.service';

/** The campaigns as a creator reads them before and while taking part. */
export function creatorCampaignsRoutes(service: CreatorCampaignsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['campaigns'];
    const security = [{ bearer: [] }];

    routes.get(
      '/server-api/campaigns',
      {
        config: { access: access.creator },
        schema: {
          tags,
          summary: 'The campaigns the creator may join or has seen end (SPEC §7)',
          description:
            'Only for an ACTIVE creator, only of their territories: live first, then published, each by ' +
            'the soonest end; `onlyEnded=true` lists the ended ones instead. `sorted` is accepted for the ' +
            'app and changes nothing: the list is always in that order.',
          security,
          querystring: creatorCampaignListQuerySchema,
          response: { 200: creatorCampaignListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) =>
        service.list(creatorCaller(request), {
          onlyEnded: request.query.onlyEnded === 'true',
        }),
    );

    routes.get(
      '/server-api/campaigns/:id',
      {
        config: { access: access.creator },
        schema: {
          tags,
          summary: 'A campaign as a creator reads it before joining: brief, rules and rewards (SPEC §7)',
          description: 'Any campaign the creator may not see is a 404.',
          security,
          params: idParamsSchema,
          response: { 200: creatorCampaignDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => service.get(creatorCaller(request), request.params.id),
    );
  };
}
