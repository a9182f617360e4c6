import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  currentLegalDocumentsResponseSchema,
  idParamsSchema,
  legalDocumentListQuerySchema,
  legalDocumentListResponseSchema,
  legalDocumentSchema,
  legalDocumentsQuerySchema,
  presignedUrlResponseSchema,
  publishLegalDocumentBodySchema,
} from '@platform/shared';
import { errorResponses } from '../../plugins/errors';
import { staffCaller } from '../../plugins/access';
import type { LegalService } from './legal.service';

/** Legal documents: the current ones for anyone (before sign-up too), their versions for the Admin. */
export function legalRoutes(legalService: LegalService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['legal'];
    const security = [{ bearer: [] }];

    routes.get(
      '/server-api/legal-documents',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'The legal documents that apply to a country',
          description:
            'Of each type, the current version of the territory the country belongs to, or the one ' +
            'published for every territory. The country defaults to the United Kingdom (SPEC §9).',
          querystring: legalDocumentsQuerySchema,
          response: { 200: currentLegalDocumentsResponseSchema, ...errorResponses(400) },
        },
      },
      (request) => legalService.currentForCountry(request.query.country),
    );

    routes.get(
      '/server-api/creator/terms-and-conditions/:id',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Where to read a legal document, for ten minutes',
          params: idParamsSchema,
          response: { 200: presignedUrlResponseSchema, ...errorResponses(404) },
        },
      },
      (request) => legalService.presignedUrl(request.params.id),
    );

    // Which terms creators accept is the operator's word for the whole platform: an Admin's alone.
    routes.get(
      '/server-api/marketing/legal-documents',
      {
        config: { access: access.staff('READ', 'ALL', { scoped: false }) },
        schema: {
          tags,
          summary: 'Every published version, newest first',
          security,
          querystring: legalDocumentListQuerySchema,
          response: { 200: legalDocumentListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => legalService.list(request.query),
    );

    routes.post(
      '/server-api/marketing/legal-documents',
      {
        config: { access: access.staff('CREATE', 'ALL', { scoped: false }) },
        schema: {
          tags,
          summary: 'Publish a new version of a legal document',
          description:
            'The new version becomes the current one for its territory (or for every territory without ' +
            'one of its own); creators who accepted older terms are asked to review the new ones.',
          security,
          body: publishLegalDocumentBodySchema,
          response: { 201: legalDocumentSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const caller = staffCaller(request);
        const document = await legalService.publish({ ...caller, requestId: request.id }, request.body);
        return reply.status(201).send(document);
      },
    );
  };
}
