import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { territories, territoryManagers } from '../../db/schema/index';

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
};
