import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AccountSummary, AuthContext } from '../auth.context';
import { summarise } from '../auth-rules';

export async function findAccountById(
  context: AuthContext,
  id: string,
  executor: Executor = context.db,
): Promise<AccountSummary | undefined> {
  const account = await repository.findAccountById(executor, id);
  return account && summarise(account);
}
