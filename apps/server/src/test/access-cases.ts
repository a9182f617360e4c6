import { randomUUID } from 'node:crypto';
import type { CampaignStatus, CampaignType, RouteAccess } from '@platform/shared';
import { createCampaign, type Principal, type TestAccount, type World } from './factories';
import type { TestApp } from './harness';

/** Which record a request points at: one the caller may see, one outside their scope, or none at all. */
export type Target = 'in-scope' | 'out-of-scope' | 'missing';

export type CaseRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** JSON for /server-api, form fields for /api. */
  body?: unknown;
};

export type CaseSetup = {
  context: TestApp;
  world: World;
  principal: Principal;
  /** The caller's account; null for an anonymous caller. */
  caller: TestAccount | null;
  target: Target;
};

/**
 * One route of the access matrix (apps/server/src/access-matrix.test.ts). `expect` is written here, apart
 * from the route's own declaration, so that removing, widening or narrowing a declaration fails the test.
 */
export type AccessCase = {
  /** As the OpenAPI document names it: `PATCH /server-api/marketing/teams/{id}`. */
  route: string;
  expect: RouteAccess;
  /** Whether the path names one record, so that out-of-scope and missing records are tried too. */
  targetsRecord: boolean;
  /** A valid request from this caller; for a record route, pointing at the record `target` asks for. */
  request: (setup: CaseSetup) => Promise<CaseRequest>;
  /** What an allowed call answers when it is not 2xx (a public route tried with a made-up hint: 400). */
  allowedStatus?: number;
  /** The call ends the caller's session (sign-out): it is made with a session of its own. */
  endsSession?: boolean;
  /**
   * The call ends the creator's account (deactivation): the creator's call is made by a new creator,
   * who is the caller the request is built for.
   */
  endsCreatorAccount?: boolean;
  /**
   * Requests by which a caller whose grant is scoped tries to reach further through the route's own data
   * (a territory's countries, say), each pointing at a record in the caller's scope. Whatever they answer,
   * it is never a 5xx and never a wider reach for the caller (ADR 013).
   */
  scopeProbes?: (setup: CaseSetup) => Promise<CaseRequest[]>;
};

/**
 * The campaign a call points at: a fresh one of the caller's team and territory (in scope for team- and
 * territory-scoped grants alike, and seen by the world's creator), a fresh one of the other team and
 * territory, or none at all. Fresh, in the status and type the call needs, since calls move and change it.
 */
export async function targetCampaignId(
  { context, world, target }: CaseSetup,
  status: CampaignStatus = 'DRAFT',
  type: CampaignType = 'CHALLENGE',
): Promise<string> {
  if (target === 'missing') return randomUUID();
  const [team, territory] =
    target === 'in-scope' ? [world.homeTeam, world.homeTerritory] : [world.otherTeam, world.otherTerritory];
  return (await createCampaign(context, { teamId: team.id, territoryIds: [territory.id], status, type })).id;
}
