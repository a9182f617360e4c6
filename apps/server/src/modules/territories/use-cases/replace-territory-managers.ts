import { TERRITORY_MESSAGES, type Territory } from '@platform/shared';
import { errors } from '../../../errors';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';
import {
  actorOf,
  lockActive,
  mayManage,
  territoryDetail,
  writing,
  type TerritoriesCaller,
} from '../territory-rules';

/** Replaces the managers; each must be an active TerritoryManager or Admin. */
export async function replaceTerritoryManagers(
  context: TerritoriesContext,
  caller: TerritoriesCaller,
  id: string,
  body: { accountIds: string[] },
): Promise<Territory> {
  const accountIds = [...new Set(body.accountIds)];
  return writing(context, async (tx) => {
    const territory = await lockActive(tx, caller, id);
    const found = await repository.accountsByIds(tx, accountIds);
    if (found.length !== accountIds.length || !found.every(mayManage)) {
      throw errors.validation([{ field: 'accountIds', message: TERRITORY_MESSAGES.managerNotAllowed }]);
    }
    const before = await repository.managersOf(tx, [territory.id]);
    const beforeIds = new Set(before.map((manager) => manager.id));
    const unchanged =
      beforeIds.size === accountIds.length && accountIds.every((accountId) => beforeIds.has(accountId));
    if (!unchanged) {
      await repository.replaceManagers(tx, territory.id, accountIds, context.clock.now());
      const after = await repository.managersOf(tx, [territory.id]);
      await context.audit.record(tx, {
        actor: actorOf(caller),
        action: 'territory.managers',
        target: { type: 'territory', id: territory.id, label: territory.name },
        before: { managers: before.map(({ id: accountId, email }) => ({ id: accountId, email })) },
        after: { managers: after.map(({ id: accountId, email }) => ({ id: accountId, email })) },
      });
    }
    return territoryDetail(tx, territory.id);
  });
}
