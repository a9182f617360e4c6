import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, errorResponseSchema, healthResponseSchema, readinessResponseSchema } from '@platform/shared';

export function healthRoutes(databaseIsUp: () => Promise<boolean>) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/healthz',
      {
        config: { access: access.public },
        schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthResponseSchema } },
      },
      () => ({ status: 'ok' as const }),
    );
    routes.get(
      '/readyz',
      {
        config: { access: access.public },
        schema: {
          tags: ['health'],
          summary: 'The database answers',
          // 503 is also the answer of a server that is shutting down, in the error format.
          response: {
            200: readinessResponseSchema,
            503: z.union([readinessResponseSchema, errorResponseSchema]),
          },
        },
      },
      async (_request, reply) => {
        const up = await databaseIsUp();
        return reply.status(up ? 200 : 503).send({
          status: up ? ('ok' as const) : ('unavailable' as const),
          database: up ? ('up' as const) : ('down' as const),
        });
      },
    );
  };
}
