import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  idParamsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  METRICS_IMPORT_MAX_BYTES,
  METRICS_SIGNATURE_HEADER,
  METRICS_WEBHOOK_MAX_READINGS,
  metricReadingSchema,
  metricsCorrectionBodySchema,
  metricsImportQuerySchema,
  metricsImportReportSchema,
  metricsWebhookResultSchema,
  type Leaderboard,
} from '@platform/shared';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { MetricsService } from './metrics.service';

/** A webhook delivery of METRICS_WEBHOOK_MAX_READINGS readings with long links fits well within it. */
const WEBHOOK_MAX_BYTES = 1024 * 1024;

const entryParamsSchema = z.object({ id: z.string().max(100), entryId: z.string().max(100) });

/**
 * A weak validator of a leaderboard's JSON: weak, since the same figures may go out compressed or not.
 * The body, not a version number, decides it, so a creator's own places are part of it.
 */
const etagOf = (body: string | Uint8Array) =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** Whether If-None-Match names this validator (weak comparison, RFC 9110 §13.1.2), or is `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * A leaderboard, or 304 when the caller already holds it: what polling a live board costs (ADR 024). The
 * board is written once, by the route's own serializer, and its validator is the hash of what is sent.
 */
function sendBoard(request: FastifyRequest, reply: FastifyReply, board: Leaderboard) {
  const body = reply.serialize(board);
  const etag = etagOf(typeof body === 'string' ? body : new Uint8Array(body));
  // Private: a creator's board carries their own places. Checked on every poll, never used unasked.
  void reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

const leaderboardDescription =
  'Approved entries ranked by views (their latest reading read by the campaign’s end, or the period’s ' +
  'for a sprint), ties to the earlier submission, entries without views after the ranked ones; the first ' +
  '100 places. Answers an `ETag`: sent back in `If-None-Match`, an unchanged board is a 304 without a body.';

const tags = ['metrics'];
const security = [{ bearer: [] }];
const notModified = {
  304: z.null().describe('The board is the one the caller holds (If-None-Match): no body'),
};

/** A campaign's leaderboard, for the creators who may see it and for the console. */
async function leaderboardRoutes(
  app: FastifyInstance,
  { metricsService }: { metricsService: MetricsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/server-api/campaigns/:id/leaderboard',
    {
      config: { access: access.creator },
      schema: {
        tags,
        summary: 'A campaign’s leaderboard, with the caller’s own places wherever they stand (SPEC §7)',
        description: leaderboardDescription,
        security,
        params: idParamsSchema,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, ...notModified, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendBoard(
        request,
        reply,
        await metricsService.creatorLeaderboard(creatorCaller(request), request.params.id, request.query),
      ),
  );

  routes.get(
    '/server-api/marketing/campaigns/:id/leaderboard',
    {
      config: { access: access.staff('READ', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'A campaign’s leaderboard, with its creators’ full names',
        description: leaderboardDescription,
        security,
        params: idParamsSchema,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, ...notModified, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendBoard(
        request,
        reply,
        await metricsService.staffLeaderboard(staffCaller(request), request.params.id, request.query),
      ),
  );
}

/** Staff correcting an entry's figures and importing a campaign's by CSV. */
async function staffFiguresRoutes(
  app: FastifyInstance,
  { metricsService }: { metricsService: MetricsService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/server-api/marketing/campaigns/:id/entries/:entryId/metrics',
    {
      config: { access: access.staff('EDIT', 'CAMPAIGN', { scoped: true }) },
      schema: {
        tags,
        summary: 'Correct an entry’s figures, with why: a reading beside the one it replaces, audited',
        description:
          'Replaces the entry’s current reading, or the one `readingId` names, at its time: a later ' +
          'reading still takes its place. A figure left out is the corrected reading’s own.',
        security,
        params: entryParamsSchema,
        body: metricsCorrectionBodySchema,
        response: { 201: metricReadingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await metricsService.correct(
            staffCaller(request),
            request.params.id,
            request.params.entryId,
            request.body,
          ),
        ),
  );

  await app.register(async (csv) => {
    csv.removeAllContentTypeParsers();
    csv.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: METRICS_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    csv.withTypeProvider<ZodTypeProvider>().post(
      '/server-api/marketing/campaigns/:id/metrics/import',
      {
        config: { access: access.staff('EDIT', 'CAMPAIGN', { scoped: true }) },
        schema: {
          tags,
          summary: 'Import figures of a campaign’s entries from a CSV, or preview the import',
          description:
            'A `text/csv` body of at most 1 MB and 5,000 rows. The header names each row’s entry ' +
            '(`entry_id` or `post_link`) and its `views`, and may add `likes`, `comments`, `shares` and ' +
            '`read_at` (ISO 8601 with a zone; the import’s time when empty); other columns are ignored. ' +
            '`preview=true` answers every row read, or its errors, and writes nothing. `preview=false` ' +
            'writes every row in one transaction, or, if any row has an error, nothing (400 listing them).',
          security,
          consumes: ['text/csv'],
          params: idParamsSchema,
          querystring: metricsImportQuerySchema,
          // Missing when no file is sent: the import then says the file is empty.
          body: z.string().nullish(),
          response: { 200: metricsImportReportSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      (request) =>
        metricsService.importCsv(staffCaller(request), request.params.id, request.body, {
          preview: request.query.preview === 'true',
        }),
    );
  });
}

/** Figures a partner sends through the signed webhook. */
async function partnerFiguresRoutes(
  app: FastifyInstance,
  { metricsService }: { metricsService: MetricsService },
) {
  await app.register(async (hook) => {
    // The signature is over the body exactly as the partner sent it, so it is kept as text until checked.
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    hook.withTypeProvider<ZodTypeProvider>().post(
      '/server-api/metrics/webhook',
      {
        // Signed by the partner with METRICS_WEBHOOK_SECRET: the signature is the credential.
        config: { access: access.public },
        schema: {
          tags: ['hooks'],
          summary: 'Figures a partner read, signed in the Metrics-Signature header',
          description:
            '`{ readings: [{ postLink, views, likes, comments, shares, readAt }] }`, 1 to ' +
            `${METRICS_WEBHOOK_MAX_READINGS} readings, signed as \`t=<unix seconds>,v1=<hex HMAC-SHA256 of ` +
            '"<t>.<body>">` with METRICS_WEBHOOK_SECRET, within five minutes of our clock. A post no entry ' +
            'has is reported in `skipped`; a delivery sent again records nothing new. Without the secret ' +
            'the route answers 404 (METRICS_WEBHOOK_NOT_CONFIGURED).',
          consumes: ['application/json'],
          headers: z.object({ [METRICS_SIGNATURE_HEADER]: z.string().max(1000).optional() }),
          response: { 200: metricsWebhookResultSchema, ...errorResponses(400, 401, 404, 413, 415) },
        },
      },
      (request) =>
        metricsService.receiveWebhook(
          typeof request.body === 'string' ? request.body : '',
          request.headers[METRICS_SIGNATURE_HEADER],
        ),
    );
  });
}

export function metricsRoutes(metricsService: MetricsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const services = { metricsService };
    await leaderboardRoutes(app, services);
    await staffFiguresRoutes(app, services);
    await partnerFiguresRoutes(app, services);
  };
}
