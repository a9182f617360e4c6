import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  access,
  idParamsSchema,
  invitationDetailsSchema,
  invitationQuerySchema,
  inviteStaffBodySchema,
  messageResponseSchema,
  pageQuerySchema,
  staffInvitationListResponseSchema,
  staffInvitationSchema,
  staffDirectoryQuerySchema,
  staffDirectoryResponseSchema,
  staffListFilterSchema,
  staffListResponseSchema,
  staffMemberSchema,
  updateStaffBodySchema,
} from '@platform/shared';
import type { Actor } from '../../principal';
import { staffCaller } from '../../plugins/access';
import { errorResponses, FORM_ROUTE_ERRORS } from '../../plugins/errors';
import { acceptFormBodiesOnly, FORM_BODY_LIMIT_BYTES } from '../../plugins/form-only';
import type { StaffService } from './staff.service';

const BASE = '/server-api/marketing/staff';

/** Who is making a staff write, as the audit log records it. */
function actorOf(request: FastifyRequest): Actor {
  const { accountId, email, role } = staffCaller(request);
  return { accountId, email, role, requestId: request.id };
}

/** Reading staff: the directory of accounts and the invitations still open. */
function staffDirectoryRoutes(app: FastifyInstance, staffService: StaffService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const readUsers = { access: access.staff('READ', 'USER', { scoped: false }) };

  // pageQuerySchema (lists.ts) is written with the full zod, the staff contracts with zod/mini so that
  // the web pages that load them stay small; the staff list's query is the two put together.
  const staffListQuery = pageQuerySchema.extend(staffListFilterSchema.shape);

  routes.get(
    BASE,
    {
      config: readUsers,
      schema: {
        tags,
        summary: 'Staff accounts: name, email, role, teams, territories, status and last sign-in',
        description: '`search` looks in names and emails; `status` keeps ACTIVE or INACTIVE accounts only.',
        security,
        querystring: staffListQuery,
        response: { 200: staffListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => staffService.list(request.query),
  );

  routes.get(
    `${BASE}/directory`,
    {
      config: { access: access.staffMember },
      schema: {
        tags,
        summary: 'Active staff found by name or email, for the console’s people pickers',
        security,
        querystring: staffDirectoryQuerySchema,
        response: { 200: staffDirectoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => staffService.directory(request.query.search),
  );

  routes.get(
    `${BASE}/invitations`,
    {
      config: readUsers,
      schema: {
        tags,
        summary: 'Invitations not yet accepted or cancelled: pending and expired',
        description: '`search` looks in names and emails.',
        security,
        querystring: pageQuerySchema,
        response: { 200: staffInvitationListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => staffService.listInvitations(request.query),
  );
}

/** Inviting staff: sending, sending again and withdrawing an invitation. */
function staffInvitationRoutes(app: FastifyInstance, staffService: StaffService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const inviteUsers = { access: access.staff('INVITE', 'USER', { scoped: false }) };

  routes.post(
    `${BASE}/invitations`,
    {
      config: inviteUsers,
      schema: {
        tags,
        summary: 'Invite a colleague by email with a role and their teams or territories',
        description:
          'Emails a link that works once for 7 days. Campaign managers, marketers and viewers need at least one team, territory managers at least one territory; other roles take neither.',
        security,
        body: inviteStaffBodySchema,
        response: { 201: staffInvitationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const invitation = await staffService.invite(actorOf(request), request.body);
      return reply.status(201).send(invitation);
    },
  );

  routes.post(
    `${BASE}/invitations/:id/resend`,
    {
      config: inviteUsers,
      schema: {
        tags,
        summary: 'Send an invitation again: a new link for 7 more days; the previous link stops working',
        security,
        params: idParamsSchema,
        response: { 200: staffInvitationSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => staffService.resendInvitation(actorOf(request), request.params.id),
  );

  routes.delete(
    `${BASE}/invitations/:id`,
    {
      config: inviteUsers,
      schema: {
        tags,
        summary: 'Cancel an invitation; its link stops working',
        security,
        params: idParamsSchema,
        response: { 204: z.null().describe('Cancelled'), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await staffService.cancelInvitation(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Changing a staff member's account: their role and reach, disabling and enabling them. */
function staffAccountRoutes(app: FastifyInstance, staffService: StaffService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const editUsers = { access: access.staff('EDIT', 'USER', { scoped: false }) };

  routes.patch(
    `${BASE}/:id`,
    {
      config: editUsers,
      schema: {
        tags,
        summary: 'Change a staff member’s name, role, teams or territories',
        description:
          'Teams and territories are the complete lists. A role change applies from the person’s next request. The last active Admin cannot be given another role.',
        security,
        params: idParamsSchema,
        body: updateStaffBodySchema,
        response: { 200: staffMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => staffService.update(actorOf(request), request.params.id, request.body),
  );

  routes.post(
    `${BASE}/:id/disable`,
    {
      config: editUsers,
      schema: {
        tags,
        summary: 'Disable a staff account: it cannot sign in, and its sessions end at once',
        description: 'Nobody can disable their own account or the last active Admin.',
        security,
        params: idParamsSchema,
        response: { 200: staffMemberSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => staffService.disable(actorOf(request), request.params.id),
  );

  routes.post(
    `${BASE}/:id/enable`,
    {
      config: editUsers,
      schema: {
        tags,
        summary: 'Enable a disabled staff account again',
        security,
        params: idParamsSchema,
        response: { 200: staffMemberSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    (request) => staffService.enable(actorOf(request), request.params.id),
  );
}

/** The invited person's side: reading the invitation and accepting it. */
function invitationAcceptanceRoutes(app: FastifyInstance, staffService: StaffService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  routes.get(
    '/api/staff/invitation',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'What an invitation link is for (email, name, role), before the password is chosen',
        description:
          '400 for an unknown link, 409 for one already used or cancelled, 410 for an expired one.',
        querystring: invitationQuerySchema,
        response: { 200: invitationDetailsSchema, ...errorResponses(400, 409, 410, 429) },
      },
    },
    (request) => staffService.invitationDetails(request.query.token, request.ip),
  );

  routes.post(
    '/api/staff/accept-invitation',
    {
      bodyLimit: FORM_BODY_LIMIT_BYTES,
      preValidation: acceptFormBodiesOnly,
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Choose a password with the invitation link: creates the staff account',
        consumes: ['application/x-www-form-urlencoded'],
        body: acceptInvitationBodySchema,
        response: { 201: messageResponseSchema, ...FORM_ROUTE_ERRORS },
      },
    },
    async (request, reply) => {
      const result = await staffService.acceptInvitation(request.body, {
        ip: request.ip,
        requestId: request.id,
      });
      return reply.status(201).send(result);
    },
  );
}

export function staffRoutes(staffService: StaffService) {
  return async function register(app: FastifyInstance): Promise<void> {
    staffDirectoryRoutes(app, staffService);
    staffInvitationRoutes(app, staffService);
    staffAccountRoutes(app, staffService);
    invitationAcceptanceRoutes(app, staffService);
  };
}
