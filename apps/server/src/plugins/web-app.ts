import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/api/', '/server-api/', '/docs', '/healthz', '/readyz'];

export function hasWebBuild(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

/**
 * Serves the built single-page app; the not-found handler answers page routes with index.html
 * so that deep links (such as the emailed /verify?hint=… link) open the app.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(response, filePath) {
      response.header(
        'cache-control',
        filePath.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

export function sendIndexPage(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
