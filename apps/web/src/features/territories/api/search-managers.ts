import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';
import { humanize } from '../../../lib/format';

/** The fields of the staff list (`GET /server-api/marketing/staff`) a manager picker needs. */
interface StaffPage {
  items: { id: string; displayName: string | null; email: string; role: string; status: string }[];
}

const SEARCH_PAGE_SIZE = 50;
const MANAGING_ROLES = ['TerritoryManager', 'Admin'];

export function listActiveStaff(search: string, signal?: AbortSignal): Promise<StaffPage> {
  const query = new URLSearchParams({ status: 'ACTIVE', page: '1', pageSize: String(SEARCH_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  return apiFetch<StaffPage>(`/server-api/marketing/staff?${query.toString()}`, { signal });
}

/** Active Territory Managers and Admins matching what was typed: the only staff who may manage a territory. */
export const searchManagers: SearchItems = async (search, signal) => {
  const page = await listActiveStaff(search, signal);
  return page.items
    .filter((person) => person.status === 'ACTIVE' && MANAGING_ROLES.includes(person.role))
    .map((person): SearchableItem => ({
      id: person.id,
      name: person.displayName ?? person.email,
      label: humanize(person.role),
      infoContent: person.email,
    }));
};
