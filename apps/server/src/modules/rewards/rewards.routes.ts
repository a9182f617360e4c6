import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, campaignBudgetSchema, idParamsSchema } from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { RewardsService } from './rewards.service';

export function rewardsRoutes(rewardsService: RewardsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/server-api/marketing/campaigns/:id/budget',
      {
        config: { access: access.staff('READ', 'CAMPAIGN_BUDGET', { scoped: true }) },
        schema: {
          tags: ['payments'],
          summary:
            'A campaign’s budget, what its rewards have committed and what is left: sums of the ledger',
          security: [{ bearer: [] }],
          params: idParamsSchema,
          response: { 200: campaignBudgetSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => rewardsService.budgetOf(staffCaller(request), request.params.id),
    );
  };
}
