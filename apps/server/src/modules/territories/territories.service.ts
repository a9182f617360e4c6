import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { territoriesRepository as repository, type TerritorySummary } from './territories.repository';

export type TerritoriesService = ReturnType<typeof createTerritoriesService>;
export type { TerritorySummary };

export function createTerritoriesService(dependencies: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock } = dependencies;
  return {
    /** The territories whose creators, campaigns and settings a manager's territory-scoped grants reach. */
    managedTerritoryIds: (accountId: string) => repository.managedTerritoryIds(db, accountId),

    /** Those of `ids` that name an active territory. */
    activeTerritories: (ids: readonly string[], executor: Executor = db) =>
      repository.activeTerritories(executor, ids),

    /** Makes an account a manager of territories, in the caller's transaction. */
    addManagerships: (executor: Executor, accountId: string, territoryIds: readonly string[]) =>
      repository.addManagerships(executor, accountId, territoryIds, clock.now()),

    /** The active territories each account manages, sorted by name. */
    async territoriesOfAccounts(accountIds: readonly string[]): Promise<Map<string, TerritorySummary[]>> {
      const byAccount = new Map<string, TerritorySummary[]>();
      for (const row of await repository.territoriesOfAccounts(db, accountIds)) {
        byAccount.set(row.accountId, [
          ...(byAccount.get(row.accountId) ?? []),
          { id: row.id, name: row.name },
        ]);
      }
      return byAccount;
    },
  };
}
