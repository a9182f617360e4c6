import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

/** The account can no longer sign in, and every session it has ends now. */
export async function disableAccount(
  context: AuthContext,
  executor: Executor,
  accountId: string,
): Promise<void> {
  const { clock } = context;
  await repository.setStatus(executor, accountId, 'INACTIVE');
  await repository.revokeAllSessions(executor, accountId, clock.now());
}
