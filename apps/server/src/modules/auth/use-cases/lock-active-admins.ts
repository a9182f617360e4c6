import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

/** Locks the active Admins' rows for the transaction and returns their ids (see the repository). */
export const lockActiveAdmins = (context: AuthContext, executor: Executor) =>
  repository.lockActiveAdmins(executor);
