import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  creatorConsoleDetailSchema,
  creatorConsoleListQuerySchema,
  creatorConsoleListResponseSchema,
  creatorDetailsBodySchema,
  creatorNoteBodySchema,
  creatorReminderSchema,
  creatorNoteSchema,
  idParamsSchema,
  messageResponseSchema,
  taxVerificationBodySchema,
} from '@platform/shared';
import { errors } from '../../errors';
import { staffCaller } from '../../plugins/access';
import { errorResponses, validationDetails } from '../../plugins/errors';
import { invalidDetails, type CreatorsConsoleService } from './creators-console.service';

const security = [{ bearer: [] }];

const actor = (request: FastifyRequest) => ({ ...staffCaller(request), requestId: request.id });

/** Those who may read a creator find them, read them, leave notes and send reminders. */
function creatorReaderRoutes(service: CreatorsConsoleService) {
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

    routes.get(
      '/server-api/marketing/creators/:id',
      {
        ...readers,
        schema: {
          tags: ['creators'],
          summary: 'A creator’s page: profile, handles, address, tax registration, identity checks and notes',
          security,
          params: idParamsSchema,
          response: { 200: creatorConsoleDetailSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.detail(staffCaller(request), request.params.id),
    );

    // Whoever may read a creator may leave a note on them for the others who do.
    routes.post(
      '/server-api/marketing/creators/:id/notes',
      {
        ...readers,
        schema: {
          tags: ['creators'],
          summary: 'Leave a note on a creator for other staff',
          security,
          params: idParamsSchema,
          body: creatorNoteBodySchema,
          response: { 201: creatorNoteSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const note = await service.addNote(actor(request), request.params.id, request.body);
        return reply.status(201).send(note);
      },
    );

    // A reminder changes nothing of the creator's but when they were last reminded: those who work with
    // creators send it, a TerritoryManager to the creators of their territories.
    routes.post(
      '/server-api/marketing/creators/:id/remind',
      {
        ...readers,
        schema: {
          tags: ['creators'],
          summary:
            'Remind a creator stuck in an onboarding step to finish, by email and push (PING_ONBOARDING)',
          description:
            'The email always goes; the push goes to the creator’s registered devices, and the answer says ' +
            'which channels the reminder went by and what became of the push.',
          security,
          params: idParamsSchema,
          response: { 200: creatorReminderSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      (request) => service.remind(actor(request), request.params.id),
    );
  };
}

/** Support's corrections and actions on a creator's account, each under its own grant. */
function creatorSupportRoutes(service: CreatorsConsoleService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.patch(
      '/server-api/marketing/creators/:id',
      {
        config: { access: access.staff('EDIT', 'CREATOR', { scoped: false }) },
        // Details that break a rule are a 422 listing the fields, as the creator's own form gets (SPEC §5).
        attachValidation: true,
        schema: {
          tags: ['creators'],
          summary:
            'Correct a creator’s details (name, date of birth, gender, mobile and address) and place them in an audience cluster',
          description:
            'Sent whole and checked by the rules of the creator’s own profile form; a rule broken is a 422 ' +
            'listing the fields and nothing is written. A new country must fit a declared tax registration.',
          security,
          params: idParamsSchema,
          body: creatorDetailsBodySchema,
          response: { 200: creatorConsoleDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const invalid = request.validationError;
        if (invalid) {
          const details = validationDetails(invalid);
          throw invalid.validationContext === 'body' ? invalidDetails(details) : errors.validation(details);
        }
        await service.editDetails(actor(request), request.params.id, request.body);
        return service.detail(staffCaller(request), request.params.id);
      },
    );

    // Those who review a creator's identity review their tax registration too (REVIEW CREATOR).
    routes.post(
      '/server-api/marketing/creators/:id/tax-verification',
      {
        config: { access: access.staff('REVIEW', 'CREATOR', { scoped: false }) },
        schema: {
          tags: ['creators'],
          summary: 'Record a check by hand of a creator’s VAT number or ABN: verified, or not valid',
          description:
            'For a number no register could confirm (no HMRC or ABR credentials on this install, or the ' +
            'register did not answer). VERIFIED takes what was checked, its reference and the day; the ' +
            'invoices issued from then on carry VAT or GST as for a register’s confirmation. NOT_VALID takes ' +
            'the reason, which the creator reads. The number must be the one the creator holds now (409 ' +
            'otherwise); a new number clears the check. Answers the creator’s page.',
          security,
          params: idParamsSchema,
          body: taxVerificationBodySchema,
          response: { 200: creatorConsoleDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await service.verifyTax(actor(request), request.params.id, request.body);
        return service.detail(staffCaller(request), request.params.id);
      },
    );
  };
}

/** Staff end a creator's sessions or send them a new verification link. */
function creatorAccountRoutes(service: CreatorsConsoleService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/server-api/marketing/creators/:id/end-sessions',
      {
        config: { access: access.staff('REVOKE', 'USER', { scoped: false }) },
        schema: {
          tags: ['creators'],
          summary: 'Sign a creator out on every device',
          security,
          params: idParamsSchema,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      (request) => service.endSessions(actor(request), request.params.id),
    );

    routes.post(
      '/server-api/marketing/creators/:id/resend-verification',
      {
        config: { access: access.staff('EDIT', 'CREATOR', { scoped: false }) },
        schema: {
          tags: ['creators'],
          summary: 'Send a creator a new link to verify their email address',
          security,
          params: idParamsSchema,
          response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => service.resendVerification(actor(request), request.params.id),
    );
  };
}

/** The console's creators: every creator for most staff, those of their territories for a TerritoryManager. */
export function creatorsConsoleRoutes(service: CreatorsConsoleService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(creatorReaderRoutes(service));
    await app.register(creatorSupportRoutes(service));
    await app.register(creatorAccountRoutes(service));
  };
}
