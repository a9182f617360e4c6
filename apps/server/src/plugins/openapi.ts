import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { describeAccess } from '@platform/shared';
import { declarePublicRoutes } from './access';

/**
 * The OpenAPI document is always built (tests read it through `app.swagger()`); the explorer at /docs
 * and the document at /docs/json are served only when `serveDocs` says so (API_DOCS). The explorer keeps
 * the app's own strict CSP: it loads its scripts from /docs/static and needs no other origin.
 */
export async function registerOpenApi(app: FastifyInstance, serveDocs: boolean): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Campaign platform API',
        description:
          'Creator calls (`/api/auth/*` form-encoded, `/server-api/*` JSON with a bearer token). ' +
          'Errors always have the shape `{ error: { code, message, details?, requestId } }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Each operation says who may call it (`x-access`: public, signed-in, creator, staff-member or the
    // staff grant), from the route's own declaration.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const declared = input.route.config?.access;
      return declared
        ? { ...transformed, schema: { ...transformed.schema, 'x-access': describeAccess(declared) } }
        : transformed;
    },
  });
  if (serveDocs) {
    await app.register(async (explorer) => {
      declarePublicRoutes(explorer);
      await explorer.register(swaggerUi, { routePrefix: '/docs', uiConfig: { validatorUrl: null } });
    });
  }
}
