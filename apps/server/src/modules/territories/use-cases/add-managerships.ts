import type { Executor } from '../../../db/client';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';

/** Makes an account a manager of territories, in the caller's transaction. */
export const addManagerships = (
  context: TerritoriesContext,
  executor: Executor,
  accountId: string,
  territoryIds: readonly string[],
) => repository.addManagerships(executor, accountId, territoryIds, context.clock.now());
