import type { CreatorTerritory } from '@platform/shared';
import type { TerritoriesContext } from '../territories.context';
import { territoriesRepository as repository, type TerritoryLinkRow } from '../territories.repository';
import { groupBy, toLinks } from '../territory-rules';

/** The creator app's lookup: every active territory with its countries and documents, by name. */
export async function activeForCreators(context: TerritoriesContext): Promise<CreatorTerritory[]> {
  const rows = await repository.listActive(context.db);
  const linksBy = groupBy(
    await repository.linksOf(
      context.db,
      rows.map((row) => row.id),
    ),
    (link: TerritoryLinkRow) => link.territoryId,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    countryCodeISO2: row.countries,
    links: toLinks(linksBy.get(row.id) ?? []),
  }));
}
