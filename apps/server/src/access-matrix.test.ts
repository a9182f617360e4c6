import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAccess,
  ERROR_CODES,
  routeAccessScope,
  type GrantScope,
  type RouteAccess,
} from '@platform/shared';
import { auditAccessCases } from './modules/audit/audit.access-cases';
import { campaignsAccessCases } from './modules/campaigns/campaigns.access-cases';
import { entriesAccessCases } from './modules/entries/entries.access-cases';
import { rsvpsAccessCases } from './modules/rsvps/rsvps.access-cases';
import { notificationsAccessCases } from './modules/notifications/notifications.access-cases';
import { originalityAccessCases } from './modules/originality/originality.access-cases';
import { paymentsAccessCases } from './modules/payments/payments.access-cases';
import { metricsAccessCases } from './modules/metrics/metrics.access-cases';
import { reportsAccessCases } from './modules/reports/reports.access-cases';
import { reportSharesAccessCases } from './modules/report-shares/report-shares.access-cases';
import { authAccessCases } from './modules/auth/auth.access-cases';
import { creatorAccessCases } from './modules/creator/creator.access-cases';
import { filesAccessCases } from './modules/files/files.access-cases';
import { handleVerificationAccessCases } from './modules/handle-verification/handle-verification.access-cases';
import { kycAccessCases } from './modules/kyc/kyc.access-cases';
import { creatorsConsoleAccessCases } from './modules/creators-console/creators-console.access-cases';
import { legalAccessCases } from './modules/legal/legal.access-cases';
import { healthAccessCases } from './modules/health/health.access-cases';
import { lookupsAccessCases } from './modules/lookups/lookups.access-cases';
import { setupAccessCases } from './modules/setup/setup.access-cases';
import { staffAccessCases } from './modules/staff/staff.access-cases';
import { teamsAccessCases } from './modules/teams/teams.access-cases';
import { territoriesAccessCases } from './modules/territories/territories.access-cases';
import { viewValidationAccessCases } from './modules/view-validation/view-validation.access-cases';
import type { AccessCase, CaseRequest, Target } from './test/access-cases';
import {
  createCreator,
  createWorld,
  PRINCIPALS,
  signIn,
  type Principal,
  type TestAccount,
  type World,
} from './test/factories';
import { createTestApp, NO_AUTH_RATE_LIMITS, type TestApp } from './test/harness';
import { existingRecords, hasScopedGrant, scopeReach, widening } from './test/scope-reach';

// Every route of the OpenAPI document x every principal (7 staff roles, a creator, anonymous) x the record
// it points at (in the caller's scope, out of it, missing). Anonymous callers get 401, roles without the
// grant 403, and a record out of scope answers exactly as a missing one: 404. The expected access of each
// route is written in its module's *.access-cases.ts, apart from the route's own declaration, so that a
// removed, widened or narrowed declaration fails here. A new route without a case fails here too.
const ALL_CASES: AccessCase[] = [
  ...healthAccessCases,
  ...authAccessCases,
  ...setupAccessCases,
  ...creatorAccessCases,
  ...kycAccessCases,
  ...handleVerificationAccessCases,
  ...creatorsConsoleAccessCases,
  ...legalAccessCases,
  ...filesAccessCases,
  ...staffAccessCases,
  ...teamsAccessCases,
  ...territoriesAccessCases,
  ...lookupsAccessCases,
  ...auditAccessCases,
  ...campaignsAccessCases,
  ...rsvpsAccessCases,
  ...entriesAccessCases,
  ...originalityAccessCases,
  ...notificationsAccessCases,
  ...paymentsAccessCases,
  ...metricsAccessCases,
  ...reportsAccessCases,
  ...reportSharesAccessCases,
  ...viewValidationAccessCases,
];

type Outcome = 'allowed' | 'unauthenticated' | 'forbidden' | 'not-found';

function expectedOutcome(routeAccess: RouteAccess, principal: Principal, target: Target): Outcome | null {
  if (routeAccess.kind === 'public') return target === 'in-scope' ? 'allowed' : null;
  if (principal === 'Anonymous') return target === 'in-scope' ? 'unauthenticated' : null;
  const scope = routeAccessScope(routeAccess, principal);
  if (scope === null) return target === 'in-scope' ? 'forbidden' : null;
  if (target === 'in-scope') return 'allowed';
  if (target === 'missing') return 'not-found';
  const narrowed: GrantScope[] = ['team', 'territory'];
  return narrowed.includes(scope as GrantScope) ? 'not-found' : null;
}

let context: TestApp;
let world: World;
let operations: string[];

beforeAll(async () => {
  context = await createTestApp({
    environment: { API_RATE_LIMIT_PER_MINUTE: '100000000' },
    authRateLimits: NO_AUTH_RATE_LIMITS,
  });
  world = await createWorld(context);
  const document = context.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await context?.close();
});

/**
 * Sends a request and, when its caller holds a scoped grant and the request may write, says what the call
 * added to the caller's own reach (ADR 013: a scoped grant never widens itself). Reads change nothing.
 */
async function sendWatchingScope(request: CaseRequest, token: string | null, caller: TestAccount | null) {
  if (request.method === 'GET' || !caller || !hasScopedGrant(caller)) {
    return { response: await send(request, token), widened: [] };
  }
  const [before, existed] = await Promise.all([scopeReach(context, caller), existingRecords(context)]);
  const response = await send(request, token);
  return { response, widened: widening(before, await scopeReach(context, caller), existed) };
}

async function send(request: CaseRequest, token: string | null) {
  const isForm = request.url.startsWith('/api/');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (request.body !== undefined) {
    headers['content-type'] = isForm ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  return context.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.body === undefined
      ? {}
      : {
          payload: isForm
            ? new URLSearchParams(request.body as Record<string, string>).toString()
            : JSON.stringify(request.body),
        }),
  });
}

describe('access matrix', () => {
  it('lets a StatsViewer reach reports and read the campaigns they are about, and no other staff route', () => {
    const reachable = ALL_CASES.flatMap(({ route, expect: routeAccess }) =>
      routeAccess.kind === 'staff' && routeAccessScope(routeAccess, 'StatsViewer') !== null
        ? [{ route, grant: `${routeAccess.action} ${routeAccess.resource}` }]
        : [],
    );
    expect(
      reachable.filter(
        ({ grant }) =>
          !['VIEW REPORT', 'VIEW CAMPAIGN_REPORT', 'VIEW FORECAST_REPORT', 'READ CAMPAIGN'].includes(grant),
      ),
    ).toEqual([]);
    expect(reachable.map(({ route }) => route)).toEqual(
      expect.arrayContaining([
        'GET /server-api/marketing/reports',
        'GET /server-api/marketing/campaigns/{id}/report',
        'GET /server-api/marketing/campaigns/{id}/forecast',
      ]),
    );
    // Every staff member, a StatsViewer too, reads the names and lists the console's pickers show.
    expect(
      ALL_CASES.filter(({ expect: routeAccess }) => routeAccess.kind === 'staff-member')
        .map(({ route }) => route)
        .sort(),
    ).toEqual(['GET /server-api/marketing/lookups/{kind}', 'GET /server-api/marketing/staff/directory']);
  });

  it('has one case per route of the OpenAPI document, and no case for a route that does not exist', () => {
    const covered = ALL_CASES.map((accessCase) => accessCase.route);
    expect(new Set(covered).size, 'a route has two cases').toBe(covered.length);
    expect(operations.filter((operation) => !covered.includes(operation))).toEqual([]);
    expect(covered.filter((route) => !operations.includes(route))).toEqual([]);
  });

  it('answers every principal as the route’s expected access says', async () => {
    const failures: string[] = [];
    for (const accessCase of ALL_CASES) {
      for (const principal of PRINCIPALS) {
        for (const target of ['in-scope', 'out-of-scope', 'missing'] as Target[]) {
          if (!accessCase.targetsRecord && target !== 'in-scope') continue;
          const expected = expectedOutcome(accessCase.expect, principal, target);
          if (expected === null) continue;
          const freshCreator = accessCase.endsCreatorAccount && principal === 'Creator';
          const caller =
            principal === 'Anonymous'
              ? null
              : freshCreator
                ? await createCreator(context)
                : world.account(principal);
          const request = await accessCase.request({ context, world, principal, caller, target });
          let token: string | null = null;
          if (caller) {
            token =
              accessCase.endsSession || freshCreator ? await signIn(context, caller) : world.token(principal);
          }
          const { response, widened } = await sendWatchingScope(request, token, caller);
          if (widened.length > 0) {
            failures.push(
              `${accessCase.route} as ${principal}, ${target}: answered ${response.statusCode} and widened the caller’s own scope by ${widened.join(', ')}`,
            );
          }
          const code =
            response.statusCode >= 400 ? response.json<{ error: { code: string } }>().error.code : null;
          const observed: Outcome =
            response.statusCode === 401 && code === ERROR_CODES.unauthenticated
              ? 'unauthenticated'
              : response.statusCode === 403 && code === ERROR_CODES.forbidden
                ? 'forbidden'
                : response.statusCode === 404 && code === ERROR_CODES.notFound
                  ? 'not-found'
                  : response.statusCode < 300 ||
                      (accessCase.allowedStatus !== undefined &&
                        response.statusCode === accessCase.allowedStatus)
                    ? 'allowed'
                    : (`answered ${response.statusCode} ${response.body.slice(0, 200)}` as Outcome);
          if (observed !== expected) {
            failures.push(
              `${accessCase.route} [${describeAccess(accessCase.expect)}] as ${principal}, ${target}: expected ${expected}, got ${observed}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route, as every principal, against every target: well over a thousand requests.
  }, 180_000);

  it('never lets a scoped principal widen its own scope through a route’s data', async () => {
    const failures: string[] = [];
    let probed = 0;
    for (const accessCase of ALL_CASES.filter((candidate) => candidate.scopeProbes)) {
      for (const principal of PRINCIPALS) {
        if (principal === 'Anonymous' || principal === 'Creator') continue;
        const caller = world.account(principal);
        if (!hasScopedGrant(caller)) continue;
        if (expectedOutcome(accessCase.expect, principal, 'in-scope') !== 'allowed') continue;
        const setup = { context, world, principal, caller, target: 'in-scope' as const };
        for (const probe of (await accessCase.scopeProbes?.(setup)) ?? []) {
          probed += 1;
          const { response, widened } = await sendWatchingScope(probe, world.token(principal), caller);
          const attempt = `${probe.method} ${probe.url} ${JSON.stringify(probe.body)} as ${principal}`;
          if (response.statusCode >= 500) failures.push(`${attempt}: answered ${response.statusCode}`);
          if (widened.length > 0) {
            failures.push(`${attempt}: answered ${response.statusCode} and widened by ${widened.join(', ')}`);
          }
        }
      }
    }
    expect(probed, 'no route was probed').toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('answers a record out of scope exactly as a missing one', async () => {
    for (const accessCase of ALL_CASES.filter((candidate) => candidate.targetsRecord)) {
      for (const principal of PRINCIPALS) {
        if (principal === 'Anonymous' || principal === 'Creator') continue;
        if (expectedOutcome(accessCase.expect, principal, 'out-of-scope') !== 'not-found') continue;
        const caller = world.account(principal);
        const token = accessCase.endsSession ? await signIn(context, caller) : world.token(principal);
        const outside = await send(
          await accessCase.request({ context, world, principal, caller, target: 'out-of-scope' }),
          token,
        );
        const missing = await send(
          await accessCase.request({ context, world, principal, caller, target: 'missing' }),
          token,
        );
        const withoutRequestId = (body: string) => {
          const { error } = JSON.parse(body) as { error: Record<string, unknown> };
          return JSON.stringify({ ...error, requestId: undefined });
        };
        expect(outside.statusCode, `${accessCase.route} as ${principal}`).toBe(404);
        expect(withoutRequestId(outside.body), `${accessCase.route} as ${principal}`).toBe(
          withoutRequestId(missing.body),
        );
      }
    }
  });
});
