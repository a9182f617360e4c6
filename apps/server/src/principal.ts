import type { AccountRole, MarketingRole, OnboardingStatus } from '@platform/shared';

/**
 * The signed-in caller, read with the session check in the same query, so a route that needs no more
 * than who is calling asks the database nothing more.
 */
export type RequestUser = {
  accountId: string;
  sessionId: string;
  role: AccountRole;
  email: string;
  /** Whether the account may sign in at all. */
  status: 'ACTIVE' | 'INACTIVE';
  /** Where a creator is in onboarding; null for staff. */
  onboardingStatus: OnboardingStatus | null;
  emailVerified: boolean;
};

/**
 * What a staff caller's grant reaches for the route being called: everything, or only the records of the
 * listed teams or territories. Services narrow their queries with it; a record outside it is answered as
 * missing (404).
 */
export type StaffScope =
  | { kind: 'all' }
  | { kind: 'team'; teamIds: readonly string[] }
  | { kind: 'territory'; territoryIds: readonly string[] };

export type StaffCaller = RequestUser & { role: MarketingRole; scope: StaffScope };

/** Who did a staff write, as the audit log records it. */
export type Actor = Pick<RequestUser, 'accountId' | 'email' | 'role'> & { requestId?: string };
