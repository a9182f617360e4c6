import type { AccountRole, OnboardingStatus } from '@platform/shared';

/**
 * The signed-in caller, read with the session check in the same query, so a route that needs no more
 * than who is calling asks the database nothing more.
 */
export type RequestUser = {
  accountId: string;
  sessionId: string;
  role: AccountRole;
  email: string;
  status: OnboardingStatus;
  emailVerified: boolean;
};
