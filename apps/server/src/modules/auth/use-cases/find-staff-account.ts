import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AuthContext, StaffAccount } from '../auth.context';
import { asStaff } from '../auth-rules';

/** A staff account by id; a creator's id is no staff account. */
export async function findStaffAccount(
  context: AuthContext,
  id: string,
  executor: Executor = context.db,
): Promise<StaffAccount | undefined> {
  return asStaff(await repository.findAccountById(executor, id));
}
