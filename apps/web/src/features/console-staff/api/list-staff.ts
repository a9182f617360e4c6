import type { StaffListResponse, StaffStatus } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { pageQueryString, STAFF_PATH, staffQueryKey, type PageParams } from './paths';

export interface StaffListParams extends PageParams {
  status: StaffStatus | null;
}

export function listStaff(params: StaffListParams, signal?: AbortSignal): Promise<StaffListResponse> {
  const query = pageQueryString(params, { status: params.status ?? undefined });
  return apiFetch<StaffListResponse>(`${STAFF_PATH}?${query}`, { signal });
}

export const staffListQueryOptions = (params: StaffListParams) =>
  queryOptions({
    queryKey: [...staffQueryKey, 'members', params],
    queryFn: ({ signal }) => listStaff(params, signal),
    // The table keeps the last page while the next one loads, rather than jumping back to skeletons.
    placeholderData: keepPreviousData,
  });

export function useStaffList(params: StaffListParams) {
  return useQuery(staffListQueryOptions(params));
}
