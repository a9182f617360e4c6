import { authRepository as repository } from '../auth.repository';

import type { AuthContext, AuthenticatedUser } from '../auth.context';

export async function signOut(context: AuthContext, user: AuthenticatedUser): Promise<void> {
  const { db, clock } = context;
  await repository.revokeSession(db, user.sessionId, clock.now());
}
