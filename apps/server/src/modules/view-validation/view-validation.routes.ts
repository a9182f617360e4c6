import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  creatorHoldSchema,
  entryViewChecksSchema,
  heldEntrySchema,
  holdAcceptBodySchema,
  holdAppealBodySchema,
  holdAppealUploadSchema,
  holdExcludeBodySchema,
  holdQueueQuerySchema,
  holdQueueSchema,
  holdRejectBodySchema,
  idParamsSchema,
} from '@platform/shared';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { ViewValidationService } from './view-validation.service';

const security = [{ bearer: [] }];
const tags = ['holds'];
const decider = (request: FastifyRequest) => ({ ...staffCaller(request), requestId: request.id });

/** The creator's view of their entries' checks, and their one appeal of a hold. */
function creatorHoldRoutes(service: ViewValidationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const creatorOnly = { config: { access: access.creator } };

    routes.get(
      '/server-api/creator/campaigns/:id/view-checks',
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary:
            'The creator’s entries to a campaign: whether each figure is provisional or validated, and any hold on its earnings',
          security,
          params: idParamsSchema,
          response: { 200: entryViewChecksSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.viewChecks(creatorCaller(request), request.params.id),
    );

    routes.get(
      '/server-api/creator/holds/:id/appeal-upload-url',
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary:
            'A signed URL to upload a screen recording of the post’s insights (MP4 or MOV) for an appeal',
          security,
          params: idParamsSchema,
          response: { 200: holdAppealUploadSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      (request) => service.appealUploadUrl(creatorCaller(request), request.params.id),
    );

    routes.post(
      '/server-api/creator/holds/:id/appeal',
      {
        ...creatorOnly,
        schema: {
          tags: ['creator'],
          summary: 'The creator’s one appeal of a hold, with a note and the uploaded recording',
          description:
            'Only while the hold is HELD (409 once appealed or decided). The recording is scanned: a threat ' +
            'or a file that is not a video is refused (422), a scan that could not finish is a 503.',
          security,
          params: idParamsSchema,
          body: holdAppealBodySchema,
          response: { 200: creatorHoldSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
        },
      },
      (request) => service.appeal(creatorCaller(request), request.params.id, request.body),
    );
  };
}

const readers = { config: { access: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }) } };
const deciders = { config: { access: access.staff('REVIEW', 'CAMPAIGN_SUBMISSION', { scoped: true }) } };
const holdsPath = '/server-api/marketing/holds';

/** Staff's queue of holds, within the campaigns their grant reaches. */
function staffHoldReadRoutes(service: ViewValidationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      holdsPath,
      {
        ...readers,
        schema: {
          tags,
          summary:
            'Holds on entries’ earnings: open ones by money at stake, highest first; decided ones newest first',
          security,
          querystring: holdQueueQuerySchema,
          response: { 200: holdQueueSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => service.queue(staffCaller(request), request.query),
    );

    routes.get(
      `${holdsPath}/:id`,
      {
        ...readers,
        schema: {
          tags,
          summary: 'One hold: its signals, figures, money at stake, appeal and decision',
          security,
          params: idParamsSchema,
          response: { 200: heldEntrySchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.detail(staffCaller(request), request.params.id),
    );
  };
}

/** Staff's decisions on open holds: each audited and told to the creator; a decided hold is a 409. */
function staffHoldDecisionRoutes(service: ViewValidationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const decided = { 200: heldEntrySchema, ...errorResponses(400, 401, 403, 404, 409, 422) };

    routes.post(
      `${holdsPath}/:id/accept`,
      {
        ...deciders,
        schema: {
          tags,
          summary: 'Accept the entry’s figures as they are: its earnings are no longer held',
          security,
          params: idParamsSchema,
          body: holdAcceptBodySchema,
          response: decided,
        },
      },
      (request) => service.accept(decider(request), request.params.id, request.body),
    );

    routes.post(
      `${holdsPath}/:id/exclude`,
      {
        ...deciders,
        schema: {
          tags,
          summary: 'Take the views gained in a window (within the entry’s readings) off the entry’s figure',
          security,
          params: idParamsSchema,
          body: holdExcludeBodySchema,
          response: decided,
        },
      },
      (request) => service.exclude(decider(request), request.params.id, request.body),
    );

    routes.post(
      `${holdsPath}/:id/reject`,
      {
        ...deciders,
        schema: {
          tags,
          summary:
            'Reject the entry with a reason: one waiting for review is rejected, an approved one archived',
          security,
          params: idParamsSchema,
          body: holdRejectBodySchema,
          response: decided,
        },
      },
      (request) => service.reject(decider(request), request.params.id, request.body),
    );
  };
}

export function viewValidationRoutes(service: ViewValidationService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(creatorHoldRoutes(service));
    await app.register(staffHoldReadRoutes(service));
    await app.register(staffHoldDecisionRoutes(service));
  };
}
