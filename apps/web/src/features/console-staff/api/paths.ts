export const STAFF_PATH = '/server-api/marketing/staff';
export const INVITATIONS_PATH = `${STAFF_PATH}/invitations`;

/** Every staff query starts with this key, so one invalidation refreshes the lists after a change. */
export const staffQueryKey = ['staff'] as const;

export interface PageParams {
  page: number;
  pageSize: number;
  search: string;
}

export function pageQueryString(params: PageParams, extra: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search.trim()) query.set('search', params.search.trim());
  for (const [name, value] of Object.entries(extra)) if (value) query.set(name, value);
  return query.toString();
}
