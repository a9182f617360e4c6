import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, errorResponseSchema, profileResponseSchema } from '@platform/shared';
import { currentUser } from '../../plugins/access';
import type { AuthService } from '../auth/auth.service';

export function creatorRoutes(authService: AuthService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/server-api/creator/profile',
      {
        // Every account's card, staff included: the console reads the caller's role from it.
        config: { access: access.signedIn },
        schema: {
          tags: ['creator'],
          summary: 'The signed-in account’s profile',
          security: [{ bearer: [] }],
          response: { 200: profileResponseSchema, 401: errorResponseSchema },
        },
      },
      (request) => authService.profile(currentUser(request)),
    );
  };
}
