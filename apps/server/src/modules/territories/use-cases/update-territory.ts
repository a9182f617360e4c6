import type { Territory, TerritoryUpdateBody } from '@platform/shared';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository } from '../territories.repository';
import {
  actorOf,
  auditFields,
  claimCountries,
  countriesAdminOnly,
  currentLinks,
  duplicateName,
  linksOfInput,
  lockActive,
  sameCountries,
  sameCountrySet,
  sameLinks,
  territoryDetail,
  writing,
  type TerritoriesCaller,
} from '../territory-rules';

/** Changes the fields sent; `links`, when sent, replaces every document of the territory. */
export async function updateTerritory(
  context: TerritoriesContext,
  caller: TerritoriesCaller,
  id: string,
  body: TerritoryUpdateBody,
): Promise<Territory> {
  return writing(context, async (tx) => {
    const territory = await lockActive(tx, caller, id);
    const linksBefore = await currentLinks(tx, territory.id);
    const next = { name: body.name ?? territory.name, countries: body.countries ?? territory.countries };
    const linksAfter = body.links === undefined ? linksBefore : linksOfInput(body.links);
    const nameChanged = next.name !== territory.name;
    const countriesChanged = !sameCountries(next.countries, territory.countries);
    const linksChanged = !sameLinks(linksBefore, linksAfter);
    if (!nameChanged && !countriesChanged && !linksChanged) return territoryDetail(tx, territory.id);

    // A manager's territory-scoped grant reaches the creators of its countries: changing them would let
    // the grant widen itself, so only an unscoped grant may.
    const coverageChanged = !sameCountrySet(next.countries, territory.countries);
    if (coverageChanged && caller.scope.kind !== 'all') throw countriesAdminOnly();
    if (nameChanged && (await repository.activeNameTaken(tx, next.name, territory.id))) throw duplicateName();
    if (coverageChanged) {
      const added = next.countries.filter((code) => !territory.countries.includes(code));
      await claimCountries(tx, added, territory.id);
    }
    await repository.update(tx, territory.id, { ...next, updatedAt: context.clock.now() });
    if (linksChanged) await repository.replaceLinks(tx, territory.id, linksAfter);
    await context.audit.record(tx, {
      actor: actorOf(caller),
      action: 'territory.update',
      target: { type: 'territory', id: territory.id, label: next.name },
      before: auditFields(territory, linksBefore),
      after: auditFields(next, linksAfter),
    });
    return territoryDetail(tx, territory.id);
  });
}
