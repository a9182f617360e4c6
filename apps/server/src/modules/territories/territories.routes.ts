import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  creatorTerritoriesBodySchema,
  creatorTerritoriesResponseSchema,
  idParamsSchema,
  territoryBodySchema,
  territoryListQuerySchema,
  territoryListResponseSchema,
  territoryManagersBodySchema,
  territorySchema,
  territoryUpdateBodySchema,
} from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { TerritoriesCaller, TerritoriesService } from './territories.service';

const caller = (request: FastifyRequest): TerritoriesCaller => ({
  ...staffCaller(request),
  requestId: request.id,
});

/** The creator app's lookup of the territories and their documents. */
function creatorTerritoryRoutes(app: FastifyInstance, territoriesService: TerritoriesService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['territories'];
  const security = [{ bearer: [] }];

  // A PATCH that only reads: SPEC §7 names the creator app's call `PATCH /server-api/territory` with
  // `active: YES`, and the app sends exactly that, so the call is kept as the spec names it (ADR 013).
  routes.patch(
    '/server-api/territory',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'The active territories, with their countries and legal links, sorted by name',
        description: 'The creator app’s lookup of territories; the body must be `{ "active": "YES" }`.',
        security,
        body: creatorTerritoriesBodySchema,
        response: { 200: creatorTerritoriesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    () => territoriesService.activeForCreators(),
  );
}

/** Reading territories: the page of those the caller may see, and one with its documents and managers. */
function territoryReadRoutes(app: FastifyInstance, territoriesService: TerritoriesService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['territories'];
  const security = [{ bearer: [] }];

  routes.get(
    '/server-api/marketing/territories',
    {
      config: { access: access.staff('READ', 'TM', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of the territories the caller may see, sorted by name',
        description: 'An Admin sees every territory; a TerritoryManager the territories they manage.',
        security,
        querystring: territoryListQuerySchema,
        response: { 200: territoryListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => territoriesService.list(staffCaller(request), request.query),
  );

  routes.get(
    '/server-api/marketing/territories/:id',
    {
      config: { access: access.staff('READ', 'TM', { scoped: true }) },
      schema: {
        tags,
        summary: 'A territory with its countries, legal links and managers',
        security,
        params: idParamsSchema,
        response: { 200: territorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => territoriesService.get(staffCaller(request), request.params.id),
  );
}

/** Changing territories: a new one, its fields, its managers, putting it away. */
function territoryWriteRoutes(app: FastifyInstance, territoriesService: TerritoriesService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['territories'];
  const security = [{ bearer: [] }];

  routes.post(
    '/server-api/marketing/territories',
    {
      config: { access: access.staff('CREATE', 'TM', { scoped: false }) },
      schema: {
        tags,
        summary: 'Create a territory',
        description:
          'The name must be unique among active territories, ignoring case, and each country (or global ' +
          'entry) may be in one active territory only: 409 naming the territory that holds it.',
        security,
        body: territoryBodySchema,
        response: { 201: territorySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await territoriesService.create(caller(request), request.body)),
  );

  routes.patch(
    '/server-api/marketing/territories/:id',
    {
      config: { access: access.staff('EDIT', 'TM', { scoped: true }) },
      schema: {
        tags,
        summary: 'Change a territory’s name, countries or legal links',
        description:
          'Only the fields sent change; `links`, when sent, is the whole set. An archived territory cannot ' +
          'change (409). Which countries a territory covers decides whose details its managers read, so ' +
          'only an unscoped grant (Admin) changes them: a TerritoryManager sending other countries is a 403. ' +
          'A country another active territory holds is a 409 naming it.',
        security,
        params: idParamsSchema,
        body: territoryUpdateBodySchema,
        response: { 200: territorySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => territoriesService.update(caller(request), request.params.id, request.body),
  );

  routes.post(
    '/server-api/marketing/territories/:id/archive',
    {
      config: { access: access.staff('ARCHIVE', 'TM', { scoped: true }) },
      schema: {
        tags,
        summary: 'Archive a territory',
        description: 'An archived territory is no longer offered to creators and can no longer change.',
        security,
        params: idParamsSchema,
        response: { 200: territorySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => territoriesService.archive(caller(request), request.params.id),
  );

  routes.put(
    '/server-api/marketing/territories/:id/managers',
    {
      config: { access: access.staff('ASSIGN', 'TM_USER', { scoped: true }) },
      schema: {
        tags,
        summary: 'Replace a territory’s managers',
        description: 'Every manager must be an active TerritoryManager or Admin (400 otherwise).',
        security,
        params: idParamsSchema,
        body: territoryManagersBodySchema,
        response: { 200: territorySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => territoriesService.replaceManagers(caller(request), request.params.id, request.body),
  );
}

export function territoriesRoutes(territoriesService: TerritoriesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    creatorTerritoryRoutes(app, territoriesService);
    territoryReadRoutes(app, territoriesService);
    territoryWriteRoutes(app, territoriesService);
  };
}
