import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, creatorConsoleListQuerySchema, creatorConsoleListResponseSchema } from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { CreatorsConsoleService } from './creators-console.service';

const security = [{ bearer: [] }];

/** The console's creators: every creator for most staff, those of their territories for a TerritoryManager. */
export function creatorsConsoleRoutes(service: CreatorsConsoleService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const readers = { config: { access: access.staff('READ', 'CREATOR', { scoped: true }) } };

    routes.get(
      '/server-api/marketing/creators',
      {
        ...readers,
        schema: {
          tags: ['creators'],
          summary: 'Creators, newest first, found by name, email or handle and filtered',
          security,
          querystring: creatorConsoleListQuerySchema,
          response: { 200: creatorConsoleListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => service.list(staffCaller(request), request.query),
    );
  };
}
