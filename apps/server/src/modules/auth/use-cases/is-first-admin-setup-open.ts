import { authRepository as repository } from '../auth.repository';

import type { AuthContext } from '../auth.context';

export async function isFirstAdminSetupOpen(context: AuthContext): Promise<boolean> {
  const { db } = context;
  return !(await repository.hasAccountWithRole(db, 'Admin'));
}
