import type { StaffInvitationListResponse } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { INVITATIONS_PATH, pageQueryString, staffQueryKey, type PageParams } from './paths';

export function listInvitations(
  params: PageParams,
  signal?: AbortSignal,
): Promise<StaffInvitationListResponse> {
  return apiFetch<StaffInvitationListResponse>(`${INVITATIONS_PATH}?${pageQueryString(params)}`, { signal });
}

export const invitationListQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...staffQueryKey, 'invitations', params],
    queryFn: ({ signal }) => listInvitations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useInvitationList(params: PageParams) {
  return useQuery(invitationListQueryOptions(params));
}
