import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  campaignEntryListQuerySchema,
  campaignEntryListResponseSchema,
  entryBodySchema,
  entryBulkBodySchema,
  entryBulkRejectBodySchema,
  entryBulkResultSchema,
  entryChangeRequestBodySchema,
  entryCountSchema,
  entryListResponseSchema,
  entryRejectionBodySchema,
  entryReviseBodySchema,
  entrySchema,
  entrySearchBodySchema,
  idParamsSchema,
  LINK_MAX_LENGTH,
  ugcUploadSchema,
  type PermissionAction,
} from '@platform/shared';
import { z } from 'zod';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import { IDEMPOTENT_WRITE_NOTE } from '../../plugins/idempotency';
import type { EntriesService, StaffEntryMove } from './entries.service';

const MOVE_GRANTS: Record<Exclude<StaffEntryMove, 'reject'>, PermissionAction> = {
  approve: 'APPROVE',
  archive: 'REVIEW',
};

const MOVE_SUMMARIES: Record<Exclude<StaffEntryMove, 'reject'>, string> = {
  approve: 'Approve an entry waiting for review (SUBMITTED to APPROVED)',
  archive: 'Archive an approved entry (APPROVED to ARCHIVED)',
};

const BULK_SUMMARIES: Record<StaffEntryMove, string> = {
  approve: 'Approve many entries waiting for review at once; each one that cannot move says why',
  reject:
    'Reject many entries waiting for review at once, with one reason; each one that cannot move says why',
  archive: 'Archive many approved entries at once; each one that cannot move says why',
};

const entryParamsSchema = z.object({ id: z.string().max(100), entryId: z.string().max(100) });

const tags = ['entries'];
const security = [{ bearer: [] }];
const campaignEntriesPath = '/server-api/marketing/campaigns/:id/entries';
const bulkGrants: Record<StaffEntryMove, PermissionAction> = { ...MOVE_GRANTS, reject: 'REJECT' };

/** A creator entering a post or video, revising it, and listing their entries. */
async function creatorEntryWriteRoutes(
  app: FastifyInstance,
  { entriesService }: { entriesService: EntriesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/server-api/campaigns/entry',
    {
      config: { access: access.creator, idempotent: true },
      schema: {
        tags,
        summary: 'Enter a post to a live campaign the caller takes part in (SPEC §7)',
        description:
          'The link must be a post on the campaign’s platform (400 on `postLink` in the spec’s words); a ' +
          'TikTok short link is followed to its post first. A post is entered once across every campaign ' +
          `(409). Not taking part or not live: 409. ${IDEMPOTENT_WRITE_NOTE}`,
        security,
        body: entryBodySchema,
        response: { 201: entrySchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await entriesService.submit(creatorCaller(request), request.body)),
  );

  routes.patch(
    '/server-api/campaigns/entry/:id',
    {
      config: { access: access.creator, idempotent: true },
      schema: {
        tags,
        summary:
          'Change the post link (or video) of an entry rejected or asked to change, and send it for review again (SPEC §7)',
        description: IDEMPOTENT_WRITE_NOTE,
        security,
        params: idParamsSchema,
        body: entryReviseBodySchema,
        response: { 200: entrySchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    (request) => entriesService.revise(creatorCaller(request), request.params.id, request.body),
  );

  routes.post(
    '/server-api/campaigns/entry/search',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'The caller’s entries to a campaign, newest first, in `data` (SPEC §7)',
        security,
        body: entrySearchBodySchema,
        response: { 200: entryListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => entriesService.mine(creatorCaller(request), request.body.campaignId),
  );

  routes.get(
    '/server-api/campaigns/:id/entry',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'The caller’s entries to a campaign, newest first, in `data` (SPEC §7)',
        security,
        params: idParamsSchema,
        response: { 200: entryListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => entriesService.mine(creatorCaller(request), request.params.id),
  );
}

/** A creator's entry count, video upload and watch links, and a post's preview. */
async function creatorEntryMediaRoutes(
  app: FastifyInstance,
  { entriesService }: { entriesService: EntriesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/server-api/campaigns/:id/entry-count',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'How many entries a campaign has, rejected ones aside (SPEC §3: campaignId, totalCount)',
        security,
        params: idParamsSchema,
        response: { 200: entryCountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => entriesService.count(creatorCaller(request), request.params.id),
  );

  routes.get(
    '/server-api/campaigns/:id/ugc-upload-url',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'A URL to PUT one video to, and the key to enter it with (SPEC §7: url, key)',
        description:
          'Send the file by PUT with its content type (video/mp4 or video/quicktime), at most 250 MB, ' +
          'within an hour; then enter it with `POST /server-api/campaigns/entry` and `videoKey`. Only ' +
          'for a live campaign the caller takes part in (409 otherwise).',
        security,
        params: idParamsSchema,
        response: { 200: ugcUploadSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => entriesService.uploadUrl(creatorCaller(request), request.params.id),
  );

  routes.get(
    '/server-api/campaigns/:id/ugc-url',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'Where the caller watches their video for a campaign, as text; empty when none (SPEC §7)',
        description: 'Their latest video entry, or the one `entryId` names. The link lasts at least an hour.',
        security,
        params: idParamsSchema,
        querystring: z.object({ entryId: z.uuid({ error: 'Unknown entry' }).optional() }),
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          await entriesService.videoUrl(creatorCaller(request), request.params.id, request.query.entryId),
        ),
  );

  routes.get(
    '/server-api/campaigns/entry/preview-url/:encodedLink',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'A post’s preview image URL, as text; empty when there is none (SPEC §7)',
        description:
          'From the platforms’ oEmbed endpoints when POST_PREVIEWS=oembed; without them, always empty, and ' +
          'the post card shows the platform’s icon and a link.',
        security,
        params: z.object({ encodedLink: z.string().max(LINK_MAX_LENGTH * 3) }),
        response: { 200: z.string(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await entriesService.previewUrl(request.params.encodedLink)),
  );
}

/** The console's review queue and one entry's review. */
async function staffEntryReviewRoutes(
  app: FastifyInstance,
  { entriesService }: { entriesService: EntriesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    campaignEntriesPath,
    {
      config: { access: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of a campaign’s entries, newest first, with who entered each: the review queue',
        security,
        params: idParamsSchema,
        querystring: campaignEntryListQuerySchema,
        response: { 200: campaignEntryListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => entriesService.list(staffCaller(request), request.params.id, request.query),
  );

  routes.post(
    `${campaignEntriesPath}/:entryId/reject`,
    {
      config: { access: access.staff('REJECT', 'CAMPAIGN_SUBMISSION', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary:
          'Reject an entry waiting for review, with a reason the creator reads (SUBMITTED to REJECTED)',
        description: `A move the entry machine does not allow from the entry’s status is 409. ${IDEMPOTENT_WRITE_NOTE}`,
        security,
        params: entryParamsSchema,
        body: entryRejectionBodySchema,
        response: { 200: entrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      entriesService.review(
        staffCaller(request),
        request.params.id,
        request.params.entryId,
        'reject',
        request.body,
      ),
  );

  for (const move of ['approve', 'archive'] as const) {
    routes.post(
      `${campaignEntriesPath}/:entryId/${move}`,
      {
        config: {
          access: access.staff(MOVE_GRANTS[move], 'CAMPAIGN_SUBMISSION', { scoped: true }),
          idempotent: true,
        },
        schema: {
          tags,
          summary: MOVE_SUMMARIES[move],
          description: `A move the entry machine does not allow from the entry’s status is 409. ${IDEMPOTENT_WRITE_NOTE}`,
          security,
          params: entryParamsSchema,
          response: { 200: entrySchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) =>
        entriesService.review(staffCaller(request), request.params.id, request.params.entryId, move),
    );
  }
}

/** A reviewer asking the creator to change an entry, instead of rejecting it (ADR 037). */
async function staffEntryChangeRoutes(
  app: FastifyInstance,
  { entriesService }: { entriesService: EntriesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `${campaignEntriesPath}/:entryId/request-changes`,
    {
      config: { access: access.staff('REJECT', 'CAMPAIGN_SUBMISSION', { scoped: true }), idempotent: true },
      schema: {
        tags,
        summary:
          'Ask the creator to change an entry waiting for review, with a note they read (SUBMITTED to CHANGES_REQUESTED)',
        description: `Where the campaign allows it (\`validation.changeRequests\`); otherwise, or when the entry is not waiting for review, 409. ${IDEMPOTENT_WRITE_NOTE}`,
        security,
        params: entryParamsSchema,
        body: entryChangeRequestBodySchema,
        response: { 200: entrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) =>
      entriesService.requestChanges(
        staffCaller(request),
        request.params.id,
        request.params.entryId,
        request.body,
      ),
  );
}

/** Reviewing many entries of a campaign at once. */
async function staffEntryBulkReviewRoutes(
  app: FastifyInstance,
  { entriesService }: { entriesService: EntriesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const move of ['approve', 'archive'] as const) {
    routes.post(
      `${campaignEntriesPath}/bulk-${move}`,
      {
        config: {
          access: access.staff(bulkGrants[move], 'CAMPAIGN_SUBMISSION', { scoped: true }),
          idempotent: true,
        },
        schema: {
          tags,
          summary: BULK_SUMMARIES[move],
          description: IDEMPOTENT_WRITE_NOTE,
          security,
          params: idParamsSchema,
          body: entryBulkBodySchema,
          response: { 200: entryBulkResultSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) =>
        entriesService.reviewMany(staffCaller(request), request.params.id, request.body.entryIds, move),
    );
  }

  routes.post(
    `${campaignEntriesPath}/bulk-reject`,
    {
      config: {
        access: access.staff(bulkGrants.reject, 'CAMPAIGN_SUBMISSION', { scoped: true }),
        idempotent: true,
      },
      schema: {
        tags,
        summary: BULK_SUMMARIES.reject,
        description: IDEMPOTENT_WRITE_NOTE,
        security,
        params: idParamsSchema,
        body: entryBulkRejectBodySchema,
        response: { 200: entryBulkResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      entriesService.reviewMany(
        staffCaller(request),
        request.params.id,
        request.body.entryIds,
        'reject',
        request.body.rejection,
      ),
  );
}

export function entriesRoutes(entriesService: EntriesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const services = { entriesService };
    await creatorEntryWriteRoutes(app, services);
    await creatorEntryMediaRoutes(app, services);
    await staffEntryReviewRoutes(app, services);
    await staffEntryChangeRoutes(app, services);
    await staffEntryBulkReviewRoutes(app, services);
  };
}
