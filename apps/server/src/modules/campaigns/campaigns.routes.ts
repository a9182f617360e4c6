import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  access,
  CAMPAIGN_ASSET_FOLDER,
  campaignAssetParamsSchema,
  campaignAssetSchema,
  campaignAssetUploadBodySchema,
  campaignAssetUploadResponseSchema,
  campaignBodySchema,
  campaignDetailSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignPauseBodySchema,
  campaignRejectBodySchema,
  idParamsSchema,
  teamListQuerySchema,
  teamListResponseSchema,
  type CampaignDetail,
  type PermissionAction,
} from '@platform/shared';
import { z } from 'zod';
import { currentUser, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { TeamsService } from '../teams/teams.service';
import type { CampaignFiles } from './campaign-files';
import { campaignFundingRoutes } from './campaign-funding.routes';
import type { CampaignAction, CampaignsCaller, CampaignsService } from './campaigns.service';

const caller = (request: FastifyRequest): CampaignsCaller => ({
  ...staffCaller(request),
  requestId: request.id,
});

type BareAction = Exclude<CampaignAction, 'reject' | 'pause'>;

/**
 * The grant each move without a body needs: a marketer submits; a reviewer approves, unpublishes,
 * republishes and resumes.
 */
const ACTION_GRANTS: Record<BareAction, PermissionAction> = {
  submit: 'EDIT',
  approve: 'APPROVE',
  unpublish: 'APPROVE',
  republish: 'APPROVE',
  resume: 'APPROVE',
};

const ACTION_SUMMARIES: Record<BareAction, string> = {
  submit: 'Send a draft for review (DRAFT to PENDING)',
  approve: 'Approve a campaign waiting for review (PENDING to PUBLISHED)',
  unpublish: 'Take a published, live or paused campaign down (to UNPUBLISH)',
  republish: 'Put an unpublished campaign back up (UNPUBLISH to PUBLISHED)',
  resume: 'Open a paused campaign to joins and entries again (PAUSED to LIVE)',
};

type CampaignRouteDependencies = {
  campaignsService: CampaignsService;
  files: CampaignFiles;
  teamsService: Pick<TeamsService, 'list'>;
  /** Staff see every file of a campaign they may read, drafts' included, through signed links. */
  forStaff: (detail: CampaignDetail) => Promise<CampaignDetail>;
};

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const base = '/server-api/marketing/campaigns';

/** The console’s reading of campaigns: the list, the teams to filter by, one campaign. */
function staffCampaignReadRoutes(
  app: FastifyInstance,
  { campaignsService, teamsService, forStaff }: CampaignRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    base,
    {
      config: { access: access.staff('READ', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'A page of the campaigns the caller may see, most recently changed first',
        description:
          'Staff see their teams’ campaigns (Admin, Support and StatsViewer every one); a TerritoryManager ' +
          'those of their territories. `from`/`to` keep campaigns running at some moment between them.',
        security,
        querystring: campaignListQuerySchema,
        response: { 200: campaignListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => campaignsService.list(staffCaller(request), request.query),
  );

  routes.get(
    `${base}/teams`,
    {
      config: { access: access.staff('READ', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'The live teams whose campaigns the caller may see, for the console’s team pickers',
        description:
          'A marketer’s own teams, every team for a role that sees all campaigns: what the campaign ' +
          'filters and the editor offer, without the teams module’s own grant.',
        security,
        querystring: teamListQuerySchema,
        response: { 200: teamListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => teamsService.list(staffCaller(request), { ...request.query, includeArchived: 'false' }),
  );

  routes.get(
    `${base}/:id`,
    {
      config: { access: access.staff('READ', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'A campaign with its files and the history of its status',
        security,
        params: idParamsSchema,
        response: { 200: campaignDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => forStaff(await campaignsService.get(staffCaller(request), request.params.id)),
  );
}

/** A marketer’s drafting: a new campaign, its changes, a copy, putting it away. */
function campaignAuthoringRoutes(
  app: FastifyInstance,
  { campaignsService, forStaff }: CampaignRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    base,
    {
      config: { access: access.staff('CREATE', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Draft a campaign in one of the caller’s teams',
        description:
          'The rewards must fit the budget (400 on `budget` otherwise); the brief keeps links and line breaks only.',
        security,
        body: campaignBodySchema,
        response: { 201: campaignDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await forStaff(await campaignsService.create(caller(request), request.body))),
  );

  routes.put(
    `${base}/:id`,
    {
      config: { access: access.staff('EDIT', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Change a campaign',
        description:
          'A rejected campaign becomes a draft again. Changing the reward, budget or dates of an approved ' +
          'one needs CAMPAIGN_EDIT_ACTION (403) and sends it back to review. A campaign waiting for review ' +
          'or ended cannot change (409).',
        security,
        params: idParamsSchema,
        body: campaignBodySchema,
        response: { 200: campaignDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      forStaff(await campaignsService.update(caller(request), request.params.id, request.body)),
  );

  routes.post(
    `${base}/:id/copy`,
    {
      config: { access: access.staff('COPY', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Start a new draft from a campaign: its fields, territories and files',
        security,
        params: idParamsSchema,
        response: { 201: campaignDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await forStaff(await campaignsService.copy(caller(request), request.params.id))),
  );

  routes.post(
    `${base}/:id/archive`,
    {
      config: { access: access.staff('ARCHIVE', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Archive a campaign that is not published or live',
        security,
        params: idParamsSchema,
        response: { 200: campaignDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => forStaff(await campaignsService.archive(caller(request), request.params.id)),
  );
}

/** The moves of the campaign’s state machine that people make: submitting, the review’s answers. */
function campaignReviewRoutes(
  app: FastifyInstance,
  { campaignsService, forStaff }: CampaignRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const action of Object.keys(ACTION_GRANTS) as (keyof typeof ACTION_GRANTS)[]) {
    routes.post(
      `${base}/:id/${action}`,
      {
        config: { access: access.staff(ACTION_GRANTS[action], 'CAMPAIGN', { scoped: true }) },
        schema: {
          tags,
          summary: ACTION_SUMMARIES[action],
          description:
            'A move the campaign’s status does not allow is a 409, as is resuming a campaign whose ' +
            'budget is spent before it is topped up (ADR 038).',
          security,
          params: idParamsSchema,
          response: { 200: campaignDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => forStaff(await campaignsService.act(caller(request), request.params.id, action)),
    );
  }

  routes.post(
    `${base}/:id/pause`,
    {
      config: { access: access.staff('APPROVE', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Stop a live campaign taking joins and entries for now, with a reason creators read',
        security,
        params: idParamsSchema,
        body: campaignPauseBodySchema,
        response: { 200: campaignDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      forStaff(await campaignsService.act(caller(request), request.params.id, 'pause', request.body.reason)),
  );

  routes.post(
    `${base}/:id/reject`,
    {
      config: { access: access.staff('REJECT', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Send a campaign waiting for review back to its marketer, with the reason',
        security,
        params: idParamsSchema,
        body: campaignRejectBodySchema,
        response: { 200: campaignDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      forStaff(await campaignsService.act(caller(request), request.params.id, 'reject', request.body.reason)),
  );
}

/** A campaign’s files as staff add and remove them. */
function campaignAssetRoutes(app: FastifyInstance, { campaignsService, files }: CampaignRouteDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    `${base}/:id/assets`,
    {
      config: { access: access.staff('EDIT', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'A signed URL to upload one file of the campaign to',
        description:
          'PUT the file there with its content type (and its declared length), then complete the upload. ' +
          'At most 250 MB, of an asset kind of SPEC §3; an ended or archived campaign takes no files (409).',
        security,
        params: idParamsSchema,
        body: campaignAssetUploadBodySchema,
        response: { 201: campaignAssetUploadResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await campaignsService.requestAssetUpload(caller(request), request.params.id, request.body)),
  );

  routes.post(
    `${base}/:id/assets/:assetId/complete`,
    {
      config: { access: access.staff('EDIT', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Take an uploaded file in: its content checked against its kind, scanned, and thumbnailed',
        description:
          'A file whose content is not what its name says is refused (422) and removed; one with a threat ' +
          '(THREATS_FOUND) or a failed scan (FAILED) is removed and never served. Without a scanner the ' +
          'file is kept with `scanned: false`.',
        security,
        params: campaignAssetParamsSchema,
        response: { 200: campaignAssetSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      files.forStaff(
        await campaignsService.completeAssetUpload(
          caller(request),
          request.params.id,
          request.params.assetId,
        ),
      ),
  );

  routes.delete(
    `${base}/:id/assets/:assetId`,
    {
      config: { access: access.staff('EDIT', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Remove a file from the campaign',
        security,
        params: campaignAssetParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await campaignsService.removeAsset(caller(request), request.params.id, request.params.assetId);
      return reply.code(204).send(null);
    },
  );
}

/** A campaign’s files as anyone reads them: public bytes, and a file’s scan status. */
function campaignFileRoutes(app: FastifyInstance, { campaignsService, files }: CampaignRouteDependencies) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Not through the zod type provider: the answer is the file's bytes, streamed.
  app.get(
    `/server-api/${CAMPAIGN_ASSET_FOLDER}/*`,
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'A published campaign’s file, or its thumbnail (`…thumbnail.webp`), as bytes (SPEC §7)',
        description:
          'Public, without a session, for files scanned clean (or NOT_SCANNED, on a server without a ' +
          'scanner) of a published, live or ended campaign that is not archived; anything else is a 404. Images, video and audio are sent inline, every other ' +
          'kind (svg, pdf, fonts) as a download, always with `nosniff`.',
        response: { ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const path = `${CAMPAIGN_ASSET_FOLDER}/${(request.params as Record<string, string>)['*'] ?? ''}`;
      const file = await files.servePublic(path);
      return reply.headers(file.headers).send(file.body);
    },
  );

  routes.get(
    '/server-api/asset/status/:encodedPath',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'A campaign file’s scan status, as text (SPEC §4, §7)',
        description:
          'SUCCESS, SCANNING, THREATS_FOUND, PROCESSING or FAILED, or NOT_SCANNED where no virus scanner ' +
          'is configured, for a caller who may see the campaign; anyone else gets 404.',
        security,
        params: z.object({ encodedPath: z.string().max(600) }),
        response: { 200: z.string(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await campaignsService.assetStatus(currentUser(request), request.params.encodedPath)),
  );
}

export function campaignsRoutes(
  campaignsService: CampaignsService,
  files: CampaignFiles,
  teamsService: Pick<TeamsService, 'list'>,
) {
  const forStaff = async (detail: CampaignDetail): Promise<CampaignDetail> => ({
    ...detail,
    assets: await Promise.all(detail.assets.map((asset) => files.forStaff(asset))),
  });

  return async function register(app: FastifyInstance): Promise<void> {
    const dependencies = {
      campaignsService,
      files,
      teamsService,
      forStaff,
    };
    staffCampaignReadRoutes(app, dependencies);
    campaignAuthoringRoutes(app, dependencies);
    campaignReviewRoutes(app, dependencies);
    campaignFundingRoutes(app, campaignsService);
    campaignAssetRoutes(app, dependencies);
    campaignFileRoutes(app, dependencies);
  };
}
