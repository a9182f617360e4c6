import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository, type TerritorySummary } from '../territories.repository';

/** The active territories each account manages, sorted by name. */
export async function territoriesOfAccounts(
  context: TerritoriesContext,
  accountIds: readonly string[],
): Promise<Map<string, TerritorySummary[]>> {
  const byAccount = new Map<string, TerritorySummary[]>();
  for (const row of await repository.territoriesOfAccounts(context.db, accountIds)) {
    byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), { id: row.id, name: row.name }]);
  }
  return byAccount;
}
