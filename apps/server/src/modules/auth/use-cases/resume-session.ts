import { authRepository as repository } from '../auth.repository';

import type { AuthContext, AuthenticatedUser } from '../auth.context';
import { accountDeactivated, liveUser } from '../auth-rules';

/**
 * The refresh of a tab whose access token expired while it slept (ADR 004): the session's cookie
 * proves the session, and the token the tab still holds, expired or not, must name that same session,
 * so that a tab never continues another account's session signed in later in the same browser. Null
 * when the session is no longer live; a 403 when it ended because the account was deactivated.
 */
export async function resumeSession(
  context: AuthContext,
  cookie: string | undefined,
  heldToken: string | null,
): Promise<AuthenticatedUser | null> {
  const { db, clock, signer, sessionCookie } = context;
  if (!cookie || !heldToken) return null;
  const now = clock.now();
  const [named, held] = await Promise.all([
    sessionCookie.read(cookie, now),
    signer.sessionNamedBy(heldToken, now),
  ]);
  if (!named || !held || named.sessionId !== held.sessionId || named.accountId !== held.accountId) {
    return null;
  }
  const user = await liveUser(context, named.sessionId, named.accountId, now);
  if (user) return user;
  const account = await repository.findAccountById(db, named.accountId);
  if (account?.status === 'INACTIVE') throw accountDeactivated(account.role);
  return null;
}
