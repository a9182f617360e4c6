import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, entryCheckSchema, entryChecksSchema, idParamsSchema } from '@platform/shared';
import { creatorCaller, staffCaller } from '../../plugins/access';
import { errorResponses } from '../../plugins/errors';
import type { OriginalityService } from './originality.service';

const security = [{ bearer: [] }];
const campaignPath = '/server-api/marketing/campaigns/:id';
const entryParamsSchema = z.object({ id: z.string().max(100), entryId: z.string().max(100) });

/** The posters of the creator's uploaded entries, for their entry cards. */
export const entryPostersSchema = z.object({
  items: z.array(z.object({ entryId: z.string(), posterUrl: z.string() })),
});

/** What reviewers see of each entry's account, post and video, and a held video cleared. */
export function originalityRoutes(service: OriginalityService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      `${campaignPath}/entry-checks`,
      {
        config: { access: access.staff('READ', 'CAMPAIGN_SUBMISSION', { scoped: true }) },
        schema: {
          tags: ['entries'],
          summary:
            'For each entry of a campaign: its account proven or not (how), when its post was published, and how its video compares with others',
          description:
            'Originality is null for a post; for an uploaded video PENDING until it is compared, UNIQUE, ' +
            'MATCHED (held from approval until cleared) with the closest video and links to watch both, or ' +
            'UNAVAILABLE with the reason no fingerprint could be taken. Links last at least an hour.',
          security,
          params: idParamsSchema,
          response: { 200: entryChecksSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => service.entryChecks(staffCaller(request), request.params.id),
    );

    routes.post(
      `${campaignPath}/entries/:entryId/originality/clear`,
      {
        config: {
          access: access.staff('APPROVE', 'CAMPAIGN_SUBMISSION', { scoped: true }),
          idempotent: true,
        },
        schema: {
          tags: ['entries'],
          summary: 'Let a video held as resembling another through to approval, once compared side by side',
          description: 'Audited. A video that is not held as a match is 409.',
          security,
          params: entryParamsSchema,
          response: { 200: entryCheckSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) =>
        service.clearMatch(
          { ...staffCaller(request), requestId: request.id },
          request.params.id,
          request.params.entryId,
        ),
    );

    routes.get(
      '/server-api/creator/campaigns/:id/entry-posters',
      {
        config: { access: access.creator },
        schema: {
          tags: ['entries'],
          summary: 'The poster image of each of the caller’s uploaded entries to a campaign',
          description:
            'An entry whose video was not fingerprinted yet has none. Links last at least an hour.',
          security,
          params: idParamsSchema,
          response: { 200: entryPostersSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      (request) => service.entryPosters(creatorCaller(request), request.params.id),
    );
  };
}
