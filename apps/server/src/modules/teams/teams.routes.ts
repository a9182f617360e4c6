import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  idParamsSchema,
  teamBodySchema,
  teamDetailSchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamMembersBodySchema,
} from '@platform/shared';
import { staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { TeamsCaller, TeamsService } from './teams.service';

const caller = (request: FastifyRequest): TeamsCaller => ({ ...staffCaller(request), requestId: request.id });

/** Reading teams: the page of those the caller may see, and one with its members. */
function teamReadRoutes(app: FastifyInstance, teamsService: TeamsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const security = [{ bearer: [] }];

  routes.get(
    '/server-api/marketing/teams',
    {
      config: { access: access.staff('READ', 'TEAM', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of the teams the caller may see, sorted by name',
        description: 'An Admin sees every team; a CampaignManager the teams they belong to.',
        security,
        querystring: teamListQuerySchema,
        response: { 200: teamListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => teamsService.list(staffCaller(request), request.query),
  );

  routes.get(
    '/server-api/marketing/teams/:id',
    {
      config: { access: access.staff('READ', 'TEAM', { scoped: true }) },
      schema: {
        tags,
        summary: 'A team with its members',
        security,
        params: idParamsSchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => teamsService.get(staffCaller(request), request.params.id),
  );
}

/** Changing teams: a new one, its name, its members, putting it away. */
function teamWriteRoutes(app: FastifyInstance, teamsService: TeamsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const security = [{ bearer: [] }];

  routes.post(
    '/server-api/marketing/teams',
    {
      config: { access: access.staff('CREATE', 'TEAM', { scoped: false }) },
      schema: {
        tags,
        summary: 'Create a team',
        description: 'The name must be unique among live teams, ignoring case (409 otherwise).',
        security,
        body: teamBodySchema,
        response: { 201: teamDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await teamsService.create(caller(request), request.body)),
  );

  routes.patch(
    '/server-api/marketing/teams/:id',
    {
      config: { access: access.staff('EDIT', 'TEAM', { scoped: true }) },
      schema: {
        tags,
        summary: 'Rename a team',
        description: 'An archived team cannot be renamed (409); a name another live team has is a 409 too.',
        security,
        params: idParamsSchema,
        body: teamBodySchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => teamsService.rename(caller(request), request.params.id, request.body),
  );

  routes.post(
    '/server-api/marketing/teams/:id/archive',
    {
      config: { access: access.staff('ARCHIVE', 'TEAM', { scoped: true }) },
      schema: {
        tags,
        summary: 'Archive a team',
        description: 'An archived team keeps its campaigns and members but can no longer change.',
        security,
        params: idParamsSchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => teamsService.archive(caller(request), request.params.id),
  );

  routes.put(
    '/server-api/marketing/teams/:id/members',
    {
      config: { access: access.staff('ASSIGN', 'TEAM', { scoped: true }) },
      schema: {
        tags,
        summary: 'Replace a team’s members',
        description: 'Every member must be an active staff account (400 otherwise).',
        security,
        params: idParamsSchema,
        body: teamMembersBodySchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => teamsService.replaceMembers(caller(request), request.params.id, request.body),
  );
}

export function teamsRoutes(teamsService: TeamsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    teamReadRoutes(app, teamsService);
    teamWriteRoutes(app, teamsService);
  };
}
