import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import type { RequestUser } from '../principal';

export type { RequestUser } from '../principal';

export type Authenticator = (token: string) => Promise<RequestUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes outside /server-api that need a signed-in caller. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** Routes under /server-api that answer without a session (SPEC §7: terms and public assets). */
const PUBLIC_SERVER_API = [/^\/server-api\/creator\/terms-and-conditions\//];

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Every /server-api call needs a live session unless it is listed as public: deny by default. */
export function registerAuthentication(app: FastifyInstance, authenticate: Authenticator): void {
  app.decorateRequest('user', null);

  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await authenticate(token) : null;
    if (!user) throw errors.unauthenticated();
    request.user = user;
  };
  app.decorate('requireUser', requireUser);

  app.addHook('onRequest', async (request) => {
    const { url } = request;
    if (!url.startsWith('/server-api')) return;
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (!path.startsWith('/server-api/') && path !== '/server-api') return;
    if (PUBLIC_SERVER_API.some((pattern) => pattern.test(path))) return;
    await requireUser(request);
  });
}

export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}
