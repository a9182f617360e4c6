import { type ProfileResponse } from '@platform/shared';

import type { AuthContext, AuthenticatedUser } from '../auth.context';

/** The account as the session check read it a moment ago: no second query. */
export function profile(context: AuthContext, user: AuthenticatedUser): ProfileResponse {
  return {
    id: user.accountId,
    email: user.email,
    emailVerified: user.emailVerified,
    // A creator's status is where they are in onboarding; a staff member's whether they may sign in.
    status: user.onboardingStatus ?? user.status,
    role: user.role,
  };
}
