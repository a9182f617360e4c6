import type { StaffDirectoryResponse } from '@platform/shared';
import type { SearchItems, SearchableItem } from '../../../components/inputs/searchable-items';
import { apiFetch } from '../../../lib/api-client';
import { humanize } from '../../../lib/format';

/** Active staff by name or email (`GET /server-api/marketing/staff/directory`), open to any staff role. */
export function searchDirectory(search: string, signal?: AbortSignal): Promise<StaffDirectoryResponse> {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  return apiFetch<StaffDirectoryResponse>(`/server-api/marketing/staff/directory?${query.toString()}`, {
    signal,
  });
}

/** Active staff matching what was typed, as entries of a searchable multi-select. */
export const searchStaff: SearchItems = async (search, signal) => {
  const { items } = await searchDirectory(search, signal);
  return items.map((person): SearchableItem => ({
    id: person.id,
    name: person.displayName ?? person.email,
    label: humanize(person.role),
    infoContent: person.email,
  }));
};
