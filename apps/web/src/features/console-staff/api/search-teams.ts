import type { SearchItems } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';

/** The fields of the teams list (`GET /server-api/marketing/teams`, live teams only) a picker needs. */
interface TeamPage {
  items: { id: string; name: string }[];
}

const SEARCH_PAGE_SIZE = 50;

export function listLiveTeams(search: string, signal?: AbortSignal): Promise<TeamPage> {
  const query = new URLSearchParams({ page: '1', pageSize: String(SEARCH_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return apiFetch<TeamPage>(`/server-api/marketing/teams?${query.toString()}`, { signal });
}

/** Live teams matching what was typed, as entries of a searchable multi-select. */
export const searchTeams: SearchItems = async (search, signal) =>
  (await listLiveTeams(search, signal)).items.map(({ id, name }) => ({ id, name }));
