import type { TeamsContext } from '../teams.context';
import { teamsRepository as repository, type TeamSummary } from '../teams.repository';

/** The live teams of each account, sorted by name. */
export async function teamsOfAccounts(
  context: TeamsContext,
  accountIds: readonly string[],
): Promise<Map<string, TeamSummary[]>> {
  const byAccount = new Map<string, TeamSummary[]>();
  for (const row of await repository.teamsOfAccounts(context.db, accountIds)) {
    byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), { id: row.id, name: row.name }]);
  }
  return byAccount;
}
