import { normalizeEmail } from '@platform/shared';
import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AccountSummary, AuthContext } from '../auth.context';
import { summarise } from '../auth-rules';

export async function findAccountByEmail(
  context: AuthContext,
  email: string,
  executor: Executor = context.db,
): Promise<AccountSummary | undefined> {
  const account = await repository.findAccountByEmail(executor, normalizeEmail(email));
  return account && summarise(account);
}
