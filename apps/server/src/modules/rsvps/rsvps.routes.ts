import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  campaignInviteBodySchema,
  campaignInviteResponseSchema,
  campaignRsvpListQuerySchema,
  campaignRsvpListResponseSchema,
  campaignRsvpParamsSchema,
  creatorInvitationsResponseSchema,
  eligibleCreatorListQuerySchema,
  eligibleCreatorListResponseSchema,
  idParamsSchema,
  rsvpAnswerBodySchema,
  rsvpBodySchema,
  rsvpSchema,
  rsvpSearchResponseSchema,
  STAFF_RSVP_MOVES,
  type PermissionAction,
  type StaffRsvpMove,
} from '@platform/shared';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import { IDEMPOTENT_WRITE_NOTE } from '../../plugins/idempotency';
import type { RsvpsService } from './rsvps.service';

/** Asking again and withdrawing are invitations; letting an accepted creator go is selection. */
const MOVE_GRANTS: Record<StaffRsvpMove, PermissionAction> = {
  reinvite: 'INVITE',
  uninvite: 'INVITE',
  unselect: 'ASSIGN',
};

const MOVE_SUMMARIES: Record<StaffRsvpMove, string> = {
  reinvite: 'Invite a creator who declined once more (DECLINE to REINVITED)',
  uninvite: 'Withdraw an invitation still open (INVITED or REINVITED to UNINVITED)',
  unselect: 'Let go of a creator who accepted but is not chosen (ACCEPT to UNSELECTED)',
};

/** A creator joining campaigns and answering invitations. */
function creatorRsvpRoutes(app: FastifyInstance, rsvpsService: RsvpsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rsvps'];
  const security = [{ bearer: [] }];

  routes.post(
    '/server-api/campaigns/rsvp',
    {
      config: { access: access.creator, idempotent: true },
      schema: {
        tags,
        summary: 'Join a CHALLENGE campaign (SPEC §7: campaignId, creatorId)',
        description:
          'Open to an ACTIVE creator of the campaign’s territories with a handle on its platform, while it ' +
          'is published or live. Joining again answers the same RSVP (200). A BESPOKE campaign is by ' +
          'invitation only (409); a campaign or creator id that is not the caller’s to see is a 404. ' +
          IDEMPOTENT_WRITE_NOTE,
        security,
        body: rsvpBodySchema,
        response: { 200: rsvpSchema, 201: rsvpSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { rsvp, created } = await rsvpsService.join(creatorCaller(request), request.body);
      return reply.code(created ? 201 : 200).send(rsvp);
    },
  );

  routes.patch(
    '/server-api/campaigns/rsvp/:id',
    {
      config: { access: access.creator, idempotent: true },
      schema: {
        tags,
        summary: 'Accept or decline an invitation (SPEC §7)',
        description:
          'Only an open invitation (INVITED, REINVITED) can be answered; anything else is 409. ' +
          IDEMPOTENT_WRITE_NOTE,
        security,
        params: idParamsSchema,
        body: rsvpAnswerBodySchema,
        response: { 200: rsvpSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => rsvpsService.answer(creatorCaller(request), request.params.id, request.body),
  );

  routes.post(
    '/server-api/campaigns/rsvp/search',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'The caller’s RSVP to a campaign, in `data` (SPEC §7: campaignId, creatorId)',
        security,
        body: rsvpBodySchema,
        response: { 200: rsvpSearchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => rsvpsService.search(creatorCaller(request), request.body),
  );

  routes.get(
    '/server-api/campaigns/rsvp/invitations',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'The invitations the caller can still answer, for their home screen',
        security,
        response: { 200: creatorInvitationsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => rsvpsService.invitations(creatorCaller(request)),
  );
}

/** Staff reading a campaign's creators and inviting, asking again, withdrawing and unselecting them. */
function staffRsvpRoutes(app: FastifyInstance, rsvpsService: RsvpsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rsvps'];
  const security = [{ bearer: [] }];

  const base = '/server-api/marketing/campaigns/:id';

  routes.get(
    `${base}/rsvps`,
    {
      config: { access: access.staff('READ', 'CAMPAIGN_CREATOR', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of the campaign’s creators: who joined, who is invited and how they answered',
        security,
        params: idParamsSchema,
        querystring: campaignRsvpListQuerySchema,
        response: { 200: campaignRsvpListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => rsvpsService.list(staffCaller(request), request.params.id, request.query),
  );

  routes.get(
    `${base}/eligible-creators`,
    {
      config: { access: access.staff('INVITE', 'CAMPAIGN_CREATOR', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of the creators the campaign may invite, by name or handle, with their RSVP if any',
        description:
          'ACTIVE creators living in a country the campaign’s territories cover, with their handle on its ' +
          'platform (`search` matches names and that handle; `genreId` keeps one genre).',
        security,
        params: idParamsSchema,
        querystring: eligibleCreatorListQuerySchema,
        response: { 200: eligibleCreatorListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => rsvpsService.eligible(staffCaller(request), request.params.id, request.query),
  );

  routes.post(
    `${base}/invitations`,
    {
      config: { access: access.staff('INVITE', 'CAMPAIGN_CREATOR', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary: 'Invite creators to a published or live BESPOKE campaign',
        description:
          'Every creator must be ACTIVE in the campaign’s territories, or nothing is written (400 naming ' +
          'each). Creators already invited, taking part or who declined are left as they are. ' +
          IDEMPOTENT_WRITE_NOTE,
        security,
        params: idParamsSchema,
        body: campaignInviteBodySchema,
        response: { 200: campaignInviteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => rsvpsService.invite(staffCaller(request), request.params.id, request.body),
  );

  for (const move of STAFF_RSVP_MOVES) {
    routes.post(
      `${base}/rsvps/:rsvpId/${move}`,
      {
        config: { access: access.staff(MOVE_GRANTS[move], 'CAMPAIGN_CREATOR', { scoped: true }) },
        schema: {
          tags,
          summary: MOVE_SUMMARIES[move],
          description: 'A move the RSVP machine does not allow from the RSVP’s status is 409.',
          security,
          params: campaignRsvpParamsSchema,
          response: { 200: rsvpSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => rsvpsService.move(staffCaller(request), request.params.id, request.params.rsvpId, move),
    );
  }
}

export function rsvpsRoutes(rsvpsService: RsvpsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    creatorRsvpRoutes(app, rsvpsService);
    staffRsvpRoutes(app, rsvpsService);
  };
}
