import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

export const enableAccount = (context: AuthContext, executor: Executor, accountId: string) =>
  repository.setStatus(executor, accountId, 'ACTIVE');
