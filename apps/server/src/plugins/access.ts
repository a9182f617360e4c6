import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { routeAccessScope, type GrantScope, type RouteAccess } from '@platform/shared';
import { errors } from '../errors';
import type { RequestUser, StaffCaller, StaffScope } from '../principal';

export type { RequestUser } from '../principal';

export type Authenticator = (token: string) => Promise<RequestUser | null>;
/** The user of a live session named by the request's session cookie and the token it holds, if any. */
export type SessionResumer = (
  request: FastifyRequest,
  heldToken: string | null,
) => Promise<RequestUser | null>;
/** The teams or territories whose records a staff member's scoped grant reaches. */
export type ScopeResolver = (accountId: string, scope: Exclude<GrantScope, 'all'>) => Promise<string[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (DESIGN §6). Every route declares it; the server does not start otherwise. */
    access?: RouteAccess;
    /**
     * The route also takes the session's cookie with the expired token of that session (the refresh
     * call, ADR 004): a tab that slept past its token's expiry continues a session that is still live.
     */
    resumesSession?: boolean;
  }
  interface FastifyRequest {
    user: RequestUser | null;
    staffScope: StaffScope | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Marks every route a plugin of ours does not own (the API explorer, the web app's files) as public.
 * Register such plugins inside `app.register(async (child) => { declarePublicRoutes(child); ... })`.
 */
export function declarePublicRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? { kind: 'public' } };
  });
}

/**
 * The one place access is enforced. Each route's `config.access` says who may call it; this hook reads it
 * before the body is parsed: no session is 401, a role without the grant is 403, and a staff caller's
 * scope is resolved for the route's service to narrow its queries with. A route that declares nothing
 * stops the server at start. A path no route matches under the API is answered 401 without a session, as
 * before, so unknown paths tell an anonymous caller nothing.
 */
export function registerAccess(
  app: FastifyInstance,
  dependencies: { authenticate: Authenticator; resolveScope: ScopeResolver; resumeSession?: SessionResumer },
): void {
  const { authenticate, resolveScope, resumeSession } = dependencies;
  app.decorateRequest('user', null);
  app.decorateRequest('staffScope', null);

  const declared: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    declared.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = declared
      .filter((route) => !route.config?.access)
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    if (undeclared.length > 0) {
      throw new Error(
        `Every route must declare its access (config.access, DESIGN §6); these declare none: ${undeclared.join('; ')}`,
      );
    }
  });

  const signedInUser = async (request: FastifyRequest): Promise<RequestUser> => {
    const token = bearerToken(request);
    let user = token ? await authenticate(token) : null;
    if (!user && resumeSession && request.routeOptions.config.resumesSession) {
      user = await resumeSession(request, token);
    }
    if (!user) throw errors.unauthenticated();
    return user;
  };

  app.addHook('onRequest', async (request) => {
    const routeAccess = request.routeOptions.config.access;
    if (!routeAccess) {
      if (request.url === '/server-api' || request.url.startsWith('/server-api/')) {
        request.user = await signedInUser(request);
      }
      return;
    }
    if (routeAccess.kind === 'public') return;
    const user = await signedInUser(request);
    const scope = routeAccessScope(routeAccess, user.role);
    if (scope === null) throw errors.forbidden();
    request.user = user;
    if (routeAccess.kind === 'staff' || routeAccess.kind === 'staff-member') {
      request.staffScope =
        scope === 'team'
          ? { kind: 'team', teamIds: await resolveScope(user.accountId, 'team') }
          : scope === 'territory'
            ? { kind: 'territory', territoryIds: await resolveScope(user.accountId, 'territory') }
            : { kind: 'all' };
    }
  });
}

export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}

/** The staff caller of a staff route, with the scope its grant reaches. */
export function staffCaller(request: FastifyRequest): StaffCaller {
  const user = currentUser(request);
  if (!request.staffScope || user.role === 'Creator') throw errors.forbidden();
  return { ...user, role: user.role, scope: request.staffScope };
}

/** The creator calling a creator route. */
export function creatorCaller(request: FastifyRequest): RequestUser {
  const user = currentUser(request);
  if (user.role !== 'Creator') throw errors.forbidden();
  return user;
}
