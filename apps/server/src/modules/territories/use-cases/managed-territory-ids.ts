import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';

/** The territories whose creators, campaigns and settings a manager's territory-scoped grants reach. */
export const managedTerritoryIds = (context: TerritoriesContext, accountId: string) =>
  repository.managedTerritoryIds(context.db, accountId);
