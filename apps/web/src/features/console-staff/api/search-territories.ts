import type { SearchItems } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';

/** The fields of the territories list (`GET /server-api/marketing/territories`, active ones only) a picker needs. */
interface TerritoryPage {
  items: { id: string; name: string }[];
}

const SEARCH_PAGE_SIZE = 50;

export function listActiveTerritories(search: string, signal?: AbortSignal): Promise<TerritoryPage> {
  const query = new URLSearchParams({ page: '1', pageSize: String(SEARCH_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return apiFetch<TerritoryPage>(`/server-api/marketing/territories?${query.toString()}`, { signal });
}

/** Active territories matching what was typed, as entries of a searchable multi-select. */
export const searchTerritories: SearchItems = async (search, signal) =>
  (await listActiveTerritories(search, signal)).items.map(({ id, name }) => ({ id, name }));
