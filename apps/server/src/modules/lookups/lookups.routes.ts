import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  CREATOR_LOOKUP_SEGMENTS,
  createLookupBodySchema,
  creatorAgencyResponseSchema,
  creatorAnswersResponseSchema,
  creatorLookupResponseSchema,
  deleteLookupResponseSchema,
  isUuid,
  AGENCY_SEARCH_LIMIT,
  agencySearchQuerySchema,
  LOOKUP_KIND_NAMES,
  lookupKindOfSlug,
  lookupKindParamsSchema,
  lookupListQuerySchema,
  lookupListResponseSchema,
  lookupParamsSchema,
  lookupSchema,
  updateLookupBodySchema,
  type LookupKind,
} from '@platform/shared';
import { errors } from '../../errors';
import type { Actor } from '../../principal';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { LookupsService } from './lookups.service';

const STAFF_PATH = '/server-api/marketing/lookups/:kind';

/** The kind a console path names; any other segment is a path that does not exist. */
function kindOf(slug: string): LookupKind {
  const kind = lookupKindOfSlug(slug);
  if (!kind) throw errors.notFound();
  return kind;
}

/** The kind and the record a console path names; a non-UUID id names no record. */
function recordOf(params: { kind: string; id: string }): { kind: LookupKind; id: string } {
  const kind = kindOf(params.kind);
  if (!isUuid(params.id)) throw errors.notFound();
  return { kind, id: params.id };
}

function actorOf(request: FastifyRequest): Actor {
  const { accountId, email, role } = staffCaller(request);
  return { accountId, email, role, requestId: request.id };
}

const tags = ['lookups'];
const security = [{ bearer: [] }];
const manage = (action: 'CREATE' | 'EDIT' | 'DELETE') => ({
  config: { access: access.staff(action, 'ALL', { scoped: false }) },
});

/** The console's lists of each kind, and new lookups. */
function staffLookupListRoutes(lookupsService: LookupsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      STAFF_PATH,
      {
        // Every staff role reads them: the console's dropdowns are filled from here.
        config: { access: access.staffMember },
        schema: {
          tags,
          summary: 'A page of one kind of lookup, sorted by name',
          description:
            'Searched by name. Answers can be narrowed to one question with questionId; archived lookups are left out unless includeArchived=true.',
          security,
          params: lookupKindParamsSchema,
          querystring: lookupListQuerySchema,
          response: { 200: lookupListResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        staffCaller(request);
        return lookupsService.list(kindOf(request.params.kind), request.query);
      },
    );

    routes.post(
      STAFF_PATH,
      {
        ...manage('CREATE'),
        schema: {
          tags,
          summary: 'Add a lookup',
          description: 'An answer names its question (questionId). A name is unique per kind, in any case.',
          security,
          params: lookupKindParamsSchema,
          body: createLookupBodySchema,
          response: { 201: lookupSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const kind = kindOf(request.params.kind);
        const created = await lookupsService.create(actorOf(request), kind, request.body);
        return reply.status(201).send(created);
      },
    );
  };
}

/** The console's changes to one lookup: edit, delete (or archive) and restore. */
function staffLookupRecordRoutes(lookupsService: LookupsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.patch(
      `${STAFF_PATH}/:id`,
      {
        ...manage('EDIT'),
        schema: {
          tags,
          summary: 'Change a lookup’s name, label or info content',
          description: 'An archived lookup cannot be changed (409) until it is restored.',
          security,
          params: lookupParamsSchema,
          body: updateLookupBodySchema,
          response: { 200: lookupSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { kind, id } = recordOf(request.params);
        return lookupsService.update(actorOf(request), kind, id, request.body);
      },
    );

    routes.delete(
      `${STAFF_PATH}/:id`,
      {
        ...manage('DELETE'),
        schema: {
          tags,
          summary: 'Delete a lookup, or archive it when it is in use',
          description:
            'A question with live answers, or a lookup another part of the platform uses, is archived: what already uses it keeps reading it, and creators no longer see it.',
          security,
          params: lookupParamsSchema,
          response: { 200: deleteLookupResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { kind, id } = recordOf(request.params);
        return lookupsService.remove(actorOf(request), kind, id);
      },
    );

    routes.post(
      `${STAFF_PATH}/:id/restore`,
      {
        ...manage('EDIT'),
        schema: {
          tags,
          summary: 'Restore an archived lookup',
          description:
            'Refused (409) when a live lookup has taken its name meanwhile, or when the question of an answer is archived.',
          security,
          params: lookupParamsSchema,
          response: { 200: lookupSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { kind, id } = recordOf(request.params);
        return lookupsService.restore(actorOf(request), kind, id);
      },
    );
  };
}

/** The creator's choice lists. */
function creatorLookupRoutes(lookupsService: LookupsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    // The creator's calls (SPEC §7): one path per kind, live lookups only, sorted by name. An unknown
    // segment matches no route and answers 404.
    const creatorRoute = { config: { access: access.creator } };
    const creatorPath = (kind: LookupKind) => `/server-api/creator/lookup/${CREATOR_LOOKUP_SEGMENTS[kind]}`;
    const creatorSchema = <Response>(kind: LookupKind, response: Response) => ({
      tags: ['creator'],
      summary: `${LOOKUP_KIND_NAMES[kind].plural} to choose from`,
      security,
      response: { 200: response, ...errorResponses(401, 403) },
    });

    for (const kind of [
      'genre',
      'audience-bible',
      'vertical-content',
      'question',
      'audience-cluster',
      'artist',
    ] as const) {
      routes.get(
        creatorPath(kind),
        { ...creatorRoute, schema: creatorSchema(kind, creatorLookupResponseSchema) },
        async (request) => {
          creatorCaller(request);
          return lookupsService.dropdownItems(kind);
        },
      );
    }

    routes.get(
      creatorPath('answer'),
      { ...creatorRoute, schema: creatorSchema('answer', creatorAnswersResponseSchema) },
      async (request) => {
        creatorCaller(request);
        return lookupsService.answerItems();
      },
    );

    // Agencies differ on the wire: SPEC §7 reads the agency answer's `data`, and SPEC §3 has its items as
    // party items ({ partyId, name }) that the app maps to dropdown items.
    routes.get(
      creatorPath('agency'),
      {
        ...creatorRoute,
        schema: {
          ...creatorSchema('agency', creatorAgencyResponseSchema),
          description: `With \`search\`, only agencies whose name holds it, at most ${AGENCY_SEARCH_LIMIT}.`,
          querystring: agencySearchQuerySchema,
        },
      },
      async (request) => {
        creatorCaller(request);
        return { data: await lookupsService.agencyParties(request.query.search) };
      },
    );
  };
}

export function lookupsRoutes(lookupsService: LookupsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(staffLookupListRoutes(lookupsService));
    await app.register(staffLookupRecordRoutes(lookupsService));
    await app.register(creatorLookupRoutes(lookupsService));
  };
}
