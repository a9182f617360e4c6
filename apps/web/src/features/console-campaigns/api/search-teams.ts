import type { SearchItems } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';
import { campaignsPath } from '../../../lib/campaign-api-paths';

/**
 * The fields a picker needs of the teams whose campaigns the person may see
 * (`GET /server-api/marketing/campaigns/teams`: a marketer's own, every team for those who see all).
 */
interface TeamPage {
  items: { id: string; name: string }[];
}

const SEARCH_PAGE_SIZE = 50;

export function listLiveTeams(search: string, signal?: AbortSignal): Promise<TeamPage> {
  const query = new URLSearchParams({ page: '1', pageSize: String(SEARCH_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return apiFetch<TeamPage>(campaignsPath(`/teams?${query.toString()}`), { signal });
}

/** Live teams matching what was typed, as entries of a searchable select. */
export const searchTeams: SearchItems = async (search, signal) =>
  (await listLiveTeams(search, signal)).items.map(({ id, name }) => ({ id, name }));
