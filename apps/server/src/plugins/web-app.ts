import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declarePublicRoutes } from './access';
import { buildPageShells, pagesOf } from './page-shells';
import { isServerPath } from './paths';

export function hasWebBuild(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page shell names the current hashed files, so a browser must ask for it again every time. */
const REVALIDATE = 'no-cache';

export type WebApp = {
  register(app: FastifyInstance): Promise<void>;
  /** A GET for a page of the app (not the API, not a file), answered with its page shell. */
  isPageRequest(request: FastifyRequest): boolean;
  sendPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
};

/**
 * The built single-page app. Files come from the build folder: the build writes a Brotli and a gzip copy
 * beside each, served by `Accept-Encoding` (with `Vary`) instead of the original; files under /assets
 * have a content hash in their name and never change, so they are cached for a year. Any other GET for a
 * page gets index.html (so that deep links such as the emailed /verify?hint=… open the app), with that
 * page's own files named up front (page-shells.ts).
 */
export function createWebApp(distDir: string): WebApp {
  const assetsDir = join(distDir, 'assets');
  const shells = buildPageShells(distDir);
  const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

  return {
    async register(app) {
      declarePublicRoutes(app);
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(response, filePath) {
          response.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
        },
      });
    },

    isPageRequest(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0] ?? '/';
      if (isServerPath(path)) return false;
      return !/\.[a-z0-9]+$/i.test(path);
    },

    sendPage(request, reply) {
      void reply.header('cache-control', REVALIDATE);
      const shell = pagesOf(request.url)
        .map((page) => shells.get(page))
        .find((found) => found !== undefined);
      if (!shell) return reply.sendFile('index.html');
      const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
      void reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(encoding ? shell[encoding] : shell.identity);
    },
  };
}
