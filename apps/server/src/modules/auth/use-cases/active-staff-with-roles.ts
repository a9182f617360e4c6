import { type MarketingRole } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

/** The active staff members holding one of `roles` (whom the notifications module may tell of work). */
export const activeStaffWithRoles = (
  context: AuthContext,
  roles: readonly MarketingRole[],
  executor: Executor = context.db,
) => repository.activeStaffWithRoles(executor, roles);
