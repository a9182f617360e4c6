import type { Executor } from '../../../db/client';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';

/** The countries of each of the territories. */
export const countriesOf = (
  context: TerritoriesContext,
  territoryIds: readonly string[],
  executor: Executor = context.db,
) => repository.countriesOf(executor, territoryIds);
