import type { PermissionAction, PermissionResource } from '../vocabulary/permissions';
import type { AccountRole, MarketingRole } from '../vocabulary/roles';

/**
 * How far a grant reaches: every record, the records of the caller's teams (campaigns and what hangs off
 * them), or the records of the caller's territories (creators, campaigns and the territories themselves).
 */
export type GrantScope = 'all' | 'team' | 'territory';

export type Grant = {
  actions: readonly PermissionAction[];
  resources: readonly PermissionResource[];
  scope: GrantScope;
};

const grant = (
  actions: readonly PermissionAction[],
  resources: readonly PermissionResource[],
  scope: GrantScope = 'all',
): Grant => ({ actions, resources, scope });

/**
 * The founders' role -> grants table (DESIGN §6), as data: the server enforces it and the web app reads it
 * to show only what a role may do. MANAGE implies every action on its resource; ALL is every resource.
 *
 * Where the table is silent, the platform decides (ADR 013): staff who work on a team's campaigns may
 * read those campaigns, those who invite a campaign's creators may read who is invited, those who review entries may read them, and those who approve payments may read them; lookups and the audit log come under ALL, so only an Admin manages them.
 */
export const ROLE_GRANTS: Readonly<Record<MarketingRole, readonly Grant[]>> = {
  Admin: [grant(['MANAGE'], ['ALL'])],
  CampaignManager: [
    grant(
      ['MANAGE'],
      ['CAMPAIGN', 'CAMPAIGN_BUDGET', 'CAMPAIGN_SUBMISSION', 'CAMPAIGN_CREATOR', 'CAMPAIGN_EDIT_ACTION'],
      'team',
    ),
    grant(['APPROVE', 'REJECT'], ['CAMPAIGN', 'UI_CAMPAIGN_REVIEW_BUTTON', 'PAYMENT'], 'team'),
    grant(['READ'], ['PAYMENT'], 'team'),
    grant(['READ'], ['CREATOR']),
    grant(['VIEW'], ['CAMPAIGN_REPORT', 'FORECAST_REPORT'], 'team'),
    grant(['SHARE'], ['REPORT'], 'team'),
    grant(['MANAGE'], ['TEAM'], 'team'),
  ],
  CampaignMarketer: [
    grant(['CREATE', 'EDIT', 'COPY', 'ARCHIVE', 'READ'], ['CAMPAIGN'], 'team'),
    grant(['REVIEW', 'APPROVE', 'REJECT', 'READ'], ['CAMPAIGN_SUBMISSION'], 'team'),
    grant(['INVITE', 'ASSIGN', 'READ'], ['CAMPAIGN_CREATOR'], 'team'),
    grant(['READ'], ['CREATOR']),
    grant(['VIEW'], ['CAMPAIGN_REPORT'], 'team'),
  ],
  CampaignViewer: [
    grant(
      ['READ', 'VIEW'],
      ['CAMPAIGN', 'CAMPAIGN_SUBMISSION', 'CAMPAIGN_CREATOR', 'CAMPAIGN_REPORT'],
      'team',
    ),
  ],
  StatsViewer: [
    grant(['VIEW'], ['REPORT', 'CAMPAIGN_REPORT', 'FORECAST_REPORT']),
    grant(['READ'], ['CAMPAIGN']),
  ],
  Support: [
    grant(['READ', 'VIEW'], ['CREATOR', 'USER', 'CAMPAIGN', 'CAMPAIGN_SUBMISSION', 'PAYMENT']),
    grant(['EDIT', 'REVIEW'], ['CREATOR']),
    grant(['REVOKE'], ['USER']),
  ],
  TerritoryManager: [
    grant(['MANAGE'], ['TM', 'TM_USER'], 'territory'),
    grant(['READ'], ['CREATOR', 'CAMPAIGN'], 'territory'),
    grant(['VIEW'], ['CAMPAIGN_REPORT'], 'territory'),
  ],
};

export function isStaffRole(role: AccountRole): role is MarketingRole {
  return role !== 'Creator';
}

const covers = (candidate: Grant, action: PermissionAction, resource: PermissionResource) =>
  (candidate.actions.includes('MANAGE') || candidate.actions.includes(action)) &&
  (candidate.resources.includes('ALL') || candidate.resources.includes(resource));

const SCOPE_BREADTH: Record<GrantScope, number> = { all: 2, territory: 1, team: 1 };

/**
 * The scope in which `role` may perform `action` on `resource`, or null when no grant covers it. When two
 * grants cover the same permission, the wider one counts.
 */
export function grantScope(
  role: AccountRole,
  action: PermissionAction,
  resource: PermissionResource,
): GrantScope | null {
  if (!isStaffRole(role)) return null;
  let best: GrantScope | null = null;
  for (const candidate of ROLE_GRANTS[role]) {
    if (!covers(candidate, action, resource)) continue;
    if (best === null || SCOPE_BREADTH[candidate.scope] > SCOPE_BREADTH[best]) best = candidate.scope;
  }
  return best;
}

/** Whether `role` may perform `action` on `resource` in some scope (the web app's show-or-hide test). */
export function can(role: AccountRole, action: PermissionAction, resource: PermissionResource): boolean {
  return grantScope(role, action, resource) !== null;
}

/**
 * Who may call a route (DESIGN §6). A staff permission says whether the route narrows what it touches to
 * the caller's scope (`scoped: true`); a route that does not is open only to a grant whose scope is `all`,
 * so a scoped role can never reach an unscoped list by accident.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'creator' }
  | { kind: 'staff-member' }
  | { kind: 'staff'; action: PermissionAction; resource: PermissionResource; scoped: boolean };

export const access = {
  /** Anyone, signed in or not. */
  public: { kind: 'public' } as RouteAccess,
  /** Any signed-in account, creator or staff. */
  signedIn: { kind: 'signed-in' } as RouteAccess,
  /** A signed-in creator; the creator comes from the token, never from the request. */
  creator: { kind: 'creator' } as RouteAccess,
  /** Any signed-in staff member, whatever the role (lists that fill the console's dropdowns). */
  staffMember: { kind: 'staff-member' } as RouteAccess,
  /** A staff member holding `action` on `resource`. */
  staff: (
    action: PermissionAction,
    resource: PermissionResource,
    options: { scoped: boolean },
  ): RouteAccess => ({ kind: 'staff', action, resource, scoped: options.scoped }),
};

/** Whether a caller of `role` passes the role test of `routeAccess` (scope aside), and in which scope. */
export function routeAccessScope(routeAccess: RouteAccess, role: AccountRole): GrantScope | 'none' | null {
  switch (routeAccess.kind) {
    case 'public':
    case 'signed-in':
      return 'none';
    case 'creator':
      return role === 'Creator' ? 'none' : null;
    case 'staff-member':
      return isStaffRole(role) ? 'none' : null;
    case 'staff': {
      const scope = grantScope(role, routeAccess.action, routeAccess.resource);
      if (scope === null) return null;
      return scope === 'all' || routeAccess.scoped ? scope : null;
    }
  }
}

/** A short, readable form of an access declaration, for error messages and the API document. */
export function describeAccess(routeAccess: RouteAccess): string {
  if (routeAccess.kind !== 'staff') return routeAccess.kind;
  return `staff: ${routeAccess.action} ${routeAccess.resource}${routeAccess.scoped ? ' (in scope)' : ''}`;
}
