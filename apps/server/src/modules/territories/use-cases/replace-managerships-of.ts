import type { Executor } from '../../../db/client';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';

/**
 * Makes an account a manager of exactly these active territories, in the caller's transaction (an Admin
 * changing a staff member's territories). Ids of archived or missing territories are ignored; archived
 * territories keep their managers.
 */
export async function replaceManagershipsOf(
  context: TerritoriesContext,
  executor: Executor,
  accountId: string,
  territoryIds: readonly string[],
) {
  const active = await repository.activeTerritories(executor, [...new Set(territoryIds)]);
  await repository.replaceManagershipsOf(
    executor,
    accountId,
    active.map((territory) => territory.id),
    context.clock.now(),
  );
}
