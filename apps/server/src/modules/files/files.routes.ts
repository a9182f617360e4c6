import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, errorResponseSchema } from '@platform/shared';
import { SIGNED_FILES_PATH } from '../../adapters/storage/signed-urls';
import { errorResponses } from '../../plugins/errors';
import type { FilesService } from './files.service';

const signedQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  type: z.string().max(200).optional(),
  max: z.string().max(20).optional(),
  name: z.string().max(200).optional(),
});

const keyOf = (params: unknown) => (params as Record<string, string>)['*'] ?? '';

/** The signature in the URL is the credential: these routes need no session. */
export function filesRoutes(filesService: FilesService) {
  return async function register(app: FastifyInstance): Promise<void> {
    // An upload is the raw file, of whatever type its URL was signed for: streamed to storage as it
    // arrives, never parsed or held in memory.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const routes = app.withTypeProvider<ZodTypeProvider>();

    // Not through the zod type provider: the answer is the file's bytes, streamed, not a serialised value.
    app.get(
      `${SIGNED_FILES_PATH}/*`,
      {
        config: { access: access.public },
        schema: {
          tags: ['files'],
          summary: 'A stored file, through a signed URL',
          querystring: signedQuerySchema,
          response: { ...errorResponses(404, 410), 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const query = request.query as z.infer<typeof signedQuerySchema>;
        const file = await filesService.download(keyOf(request.params), query);
        return reply.headers(file.headers).send(file.body);
      },
    );

    routes.put(
      `${SIGNED_FILES_PATH}/*`,
      {
        config: { access: access.public },
        // The size limit is the signed URL's own, checked as the file streams in.
        bodyLimit: Number.MAX_SAFE_INTEGER,
        schema: {
          tags: ['files'],
          summary: 'Upload a file through a signed URL',
          querystring: signedQuerySchema,
          response: {
            200: z.object({ key: z.string(), size: z.number() }),
            ...errorResponses(404, 410, 413, 415),
            400: errorResponseSchema,
          },
        },
      },
      async (request) =>
        filesService.upload(keyOf(request.params), request.query, {
          contentType: request.headers['content-type'],
          contentLength: request.headers['content-length'],
          body: request.raw,
        }),
    );
  };
}
