import { randomUUID } from 'node:crypto';
import type { Territory, TerritoryBody } from '@platform/shared';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';
import {
  actorOf,
  auditFields,
  claimCountries,
  duplicateName,
  linksOfInput,
  territoryDetail,
  writing,
  type TerritoriesCaller,
} from '../territory-rules';

/** A new territory, named as no other active one is, of countries no other active one holds. */
export async function createTerritory(
  context: TerritoriesContext,
  caller: TerritoriesCaller,
  body: TerritoryBody,
): Promise<Territory> {
  return writing(context, async (tx) => {
    if (await repository.activeNameTaken(tx, body.name)) throw duplicateName();
    await claimCountries(tx, body.countries);
    const now = context.clock.now();
    const territory = {
      id: randomUUID(),
      name: body.name,
      countries: body.countries,
      createdAt: now,
      updatedAt: now,
    };
    const links = linksOfInput(body.links);
    await repository.insert(tx, territory);
    await repository.replaceLinks(tx, territory.id, links);
    await context.audit.record(tx, {
      actor: actorOf(caller),
      action: 'territory.create',
      target: { type: 'territory', id: territory.id, label: territory.name },
      before: null,
      after: auditFields(territory, links),
    });
    return territoryDetail(tx, territory.id);
  });
}
