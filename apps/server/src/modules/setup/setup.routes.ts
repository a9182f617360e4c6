import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  messageResponseSchema,
  setupAdminBodySchema,
  setupChecklistResponseSchema,
  setupStatusResponseSchema,
} from '@platform/shared';
import { FORM_ROUTE_ERRORS } from '../../plugins/errors';
import { acceptFormBodiesOnly, FORM_BODY_LIMIT_BYTES } from '../../plugins/form-only';
import type { AuthService } from '../auth/auth.service';
import type { SetupChecklistService } from './setup-checklist.service';

export function setupRoutes(authService: AuthService, checklist: SetupChecklistService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['setup'];

    routes.get(
      '/api/setup/status',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Whether first-run setup is open (no Admin exists yet)',
          response: { 200: setupStatusResponseSchema },
        },
      },
      async () => ({ open: await authService.isFirstAdminSetupOpen() }),
    );

    routes.post(
      '/api/setup/admin',
      {
        bodyLimit: FORM_BODY_LIMIT_BYTES,
        preValidation: acceptFormBodiesOnly,
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Create the first Admin with the one-time token from the server log',
          consumes: ['application/x-www-form-urlencoded'],
          body: setupAdminBodySchema,
          response: {
            201: messageResponseSchema,
            ...FORM_ROUTE_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const result = await authService.createFirstAdmin(request.body, request.ip);
        return reply.status(201).send(result);
      },
    );

    routes.get(
      '/server-api/marketing/setup-checklist',
      {
        // The install's setup is the whole platform's: an Admin's alone.
        config: { access: access.staff('MANAGE', 'ALL', { scoped: false }) },
        schema: {
          tags,
          summary:
            'What a fresh install still needs (terms, lookups, a territory, a team, staff, email, payouts)',
          response: { 200: setupChecklistResponseSchema },
        },
      },
      async () => checklist.checklist(),
    );
  };
}
