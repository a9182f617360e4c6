import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  access,
  AUDIT_ACTORS_LIMIT,
  auditActorsQuerySchema,
  auditActorsResponseSchema,
  auditLogFiltersSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  auditTargetTypesResponseSchema,
  errorResponseSchema,
} from '@platform/shared';
import type { AuditService } from './audit.service';

const ERRORS = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

// The log shows every staff write across the platform: an Admin's alone.
const adminOnly = { config: { access: access.staff('READ', 'ALL', { scoped: false }) } };
const tags = ['audit'];
const security = [{ bearer: [] }];

/** The log, a page at a time, and the choices its filters offer. */
function auditLogReadRoutes(auditService: AuditService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/server-api/marketing/audit-log',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'The audit log, newest first',
          description:
            'Paged; `search` looks in the action, the target label and the actor’s email. `from` and `to` ' +
            'take a date (a whole day in UTC) or an ISO 8601 instant.',
          security,
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, ...ERRORS },
        },
      },
      (request) => auditService.list(request.query),
    );

    routes.get(
      '/server-api/marketing/audit-log/actors',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'The people who appear in the audit log',
          description: `For the person filter: sorted by email, at most ${AUDIT_ACTORS_LIMIT} per search.`,
          security,
          querystring: auditActorsQuerySchema,
          response: { 200: auditActorsResponseSchema, ...ERRORS },
        },
      },
      async (request) => ({ items: await auditService.actors(request.query.search) }),
    );

    routes.get(
      '/server-api/marketing/audit-log/target-types',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'The kinds of record the audit log holds',
          description: 'For the target type filter, sorted.',
          security,
          response: {
            200: auditTargetTypesResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async () => ({ items: await auditService.targetTypes() }),
    );
  };
}

/** The whole log as filtered, streamed as CSV. */
function auditLogExportRoutes(auditService: AuditService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/server-api/marketing/audit-log/export',
      {
        ...adminOnly,
        schema: {
          tags,
          summary: 'The filtered audit log as a CSV file',
          description:
            'The same filters as the list, every matching row, newest first, streamed. RFC 4180 with CRLF ' +
            'line ends and a UTF-8 byte order mark; a cell a spreadsheet would read as a formula starts ' +
            'with a single quote.',
          security,
          querystring: auditLogFiltersSchema,
          produces: ['text/csv'],
          response: {
            200: {
              description: 'The CSV file, as an attachment named audit-log-YYYY-MM-DD.csv',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...ERRORS,
          },
        },
      },
      async (request, reply) => {
        const chunks = auditService.exportCsv(request.query);
        // The header and the first page are read before answering, so that a failure to read the log is
        // still an error answer rather than a file cut short.
        const first = await chunks.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* chunks;
        }
        // The schema types the body as the text it is; it goes out as a stream of that text.
        const csv = Readable.from(all()) as unknown as string;
        return reply
          .header('content-type', 'text/csv; charset=utf-8; header=present')
          .header('content-disposition', `attachment; filename="${auditService.exportFileName()}"`)
          .send(csv);
      },
    );
  };
}

/** The Admin's reading of the audit log (list, filters, CSV). */
export function auditRoutes(auditService: AuditService) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(auditLogReadRoutes(auditService));
    await app.register(auditLogExportRoutes(auditService));
  };
}
