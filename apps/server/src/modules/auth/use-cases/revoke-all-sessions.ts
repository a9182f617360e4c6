import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

/** Every session of the account ends now (Support's REVOKE USER, a creator's deactivation). */
export const revokeAllSessions = (context: AuthContext, executor: Executor, accountId: string) =>
  repository.revokeAllSessions(executor, accountId, context.clock.now());
