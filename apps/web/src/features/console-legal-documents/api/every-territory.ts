import { EVERY_TERRITORY } from '@platform/shared';
import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { searchManagedTerritories } from '../../../lib/territory-search';

const EVERY_TERRITORY_ITEM: SearchableItem = { id: EVERY_TERRITORY, name: 'Every territory' };

/** The territories the caller manages, with “Every territory” (the documents published for all of them) among them. */
export const searchTerritoriesOrEvery: SearchItems = async (search, signal) => {
  const territories = await searchManagedTerritories(search, signal);
  const query = search.trim().toLowerCase();
  return EVERY_TERRITORY_ITEM.name.toLowerCase().includes(query)
    ? [EVERY_TERRITORY_ITEM, ...territories]
    : territories;
};
