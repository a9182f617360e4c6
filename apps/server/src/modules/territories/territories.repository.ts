import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { territories, territoryManagers } from '../../db/schema/index';

export type TerritorySummary = { id: string; name: string };

export const territoriesRepository = {
  /** The active territories an account manages. */
  async managedTerritoryIds(executor: Executor, accountId: string): Promise<string[]> {
    const rows = await executor
      .select({ id: territories.id })
      .from(territoryManagers)
      .innerJoin(territories, eq(territories.id, territoryManagers.territoryId))
      .where(and(eq(territoryManagers.accountId, accountId), eq(territories.active, true)));
    return rows.map((row) => row.id);
  },

  async activeTerritories(executor: Executor, ids: readonly string[]): Promise<TerritorySummary[]> {
    if (ids.length === 0) return [];
    return executor
      .select({ id: territories.id, name: territories.name })
      .from(territories)
      .where(and(inArray(territories.id, [...ids]), eq(territories.active, true)));
  },

  async addManagerships(executor: Executor, accountId: string, territoryIds: readonly string[], now: Date) {
    if (territoryIds.length === 0) return;
    await executor
      .insert(territoryManagers)
      .values(territoryIds.map((territoryId) => ({ territoryId, accountId, addedAt: now })))
      .onConflictDoNothing();
  },

  async territoriesOfAccounts(executor: Executor, accountIds: readonly string[]) {
    if (accountIds.length === 0) return [];
    return executor
      .select({ accountId: territoryManagers.accountId, id: territories.id, name: territories.name })
      .from(territoryManagers)
      .innerJoin(territories, eq(territories.id, territoryManagers.territoryId))
      .where(and(inArray(territoryManagers.accountId, [...accountIds]), eq(territories.active, true)))
      .orderBy(territories.name);
  },
};
