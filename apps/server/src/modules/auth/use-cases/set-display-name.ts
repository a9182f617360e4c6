import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

export const setDisplayName = (
  context: AuthContext,
  executor: Executor,
  accountId: string,
  displayName: string,
) => repository.setDisplayName(executor, accountId, displayName);
