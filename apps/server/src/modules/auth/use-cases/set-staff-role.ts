import { type MarketingRole } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

export const setStaffRole = (
  context: AuthContext,
  executor: Executor,
  accountId: string,
  role: MarketingRole,
) => repository.setRole(executor, accountId, role);
