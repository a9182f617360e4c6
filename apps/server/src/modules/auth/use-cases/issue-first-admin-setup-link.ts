import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';
import { issueToken } from '../auth-rules';
import { isFirstAdminSetupOpen } from './is-first-admin-setup-open';

/** While no Admin exists, replaces any earlier setup link with a new one and returns it. */
export async function issueFirstAdminSetupLink(context: AuthContext): Promise<string | null> {
  const { db, clock, publicUrl } = context;
  if (!(await isFirstAdminSetupOpen(context))) return null;
  const token = await db.transaction(async (tx) => {
    await repository.expireUnusedTokens(tx, 'first-admin', null, clock.now());
    return issueToken(context, tx, 'first-admin', null);
  });
  return `${publicUrl}/setup?token=${encodeURIComponent(token)}`;
}
