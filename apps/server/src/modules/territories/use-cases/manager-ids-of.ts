import type { Executor } from '../../../db/client';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';

/** The accounts that manage any of the territories. */
export const managerIdsOf = (
  context: TerritoriesContext,
  territoryIds: readonly string[],
  executor: Executor = context.db,
) => repository.managerIdsOf(executor, territoryIds);
