import type { Executor } from '../../../db/client';
import { authRepository as repository } from '../auth.repository';

import type { AccountSummary, AuthContext } from '../auth.context';
import { summarise } from '../auth-rules';

export async function findAccountsByIds(
  context: AuthContext,
  ids: readonly string[],
  executor: Executor = context.db,
): Promise<AccountSummary[]> {
  return (await repository.findAccountsByIds(executor, ids)).map(summarise);
}
