import type { Executor } from '../../../db/client';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';

/** Those of `ids` that name an active territory. */
export const activeTerritories = (
  context: TerritoriesContext,
  ids: readonly string[],
  executor: Executor = context.db,
) => repository.activeTerritories(executor, ids);
