import { ERROR_CODES, TERRITORY_MESSAGES, type Territory } from '@platform/shared';
import { AppError, errors } from '../../../errors';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';
import { actorOf, idInScope, territoryDetail, writing, type TerritoriesCaller } from '../territory-rules';

/** Puts an active territory away; archiving it again is a 409. */
export async function archiveTerritory(
  context: TerritoriesContext,
  caller: TerritoriesCaller,
  id: string,
): Promise<Territory> {
  return writing(context, async (tx) => {
    const territory = await repository.lockById(tx, idInScope(caller, id));
    if (!territory) throw errors.notFound();
    if (!territory.active) {
      throw new AppError(409, ERROR_CODES.conflict, TERRITORY_MESSAGES.alreadyArchived);
    }
    await repository.update(tx, territory.id, { active: false, updatedAt: context.clock.now() });
    await context.audit.record(tx, {
      actor: actorOf(caller),
      action: 'territory.archive',
      target: { type: 'territory', id: territory.id, label: territory.name },
      before: { active: true },
      after: { active: false },
    });
    return territoryDetail(tx, territory.id);
  });
}
