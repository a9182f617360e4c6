import type { KycReviewListResponse, KycStatus } from '@platform/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { identityChecksPath, identityChecksQueryKey } from './paths';

export interface IdentityCheckListParams {
  status: KycStatus;
  page: number;
  pageSize: number;
}

export function listIdentityChecks(
  params: IdentityCheckListParams,
  signal?: AbortSignal,
): Promise<KycReviewListResponse> {
  const query = new URLSearchParams({
    status: params.status,
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  return apiFetch<KycReviewListResponse>(`${identityChecksPath()}?${query.toString()}`, { signal });
}

export const identityCheckListQueryOptions = (params: IdentityCheckListParams) =>
  queryOptions({
    queryKey: [...identityChecksQueryKey, 'list', params],
    queryFn: ({ signal }) => listIdentityChecks(params, signal),
    // The table keeps showing the last page while the next one loads, rather than jumping to skeletons.
    placeholderData: keepPreviousData,
  });

export function useIdentityCheckList(params: IdentityCheckListParams) {
  return useQuery(identityCheckListQueryOptions(params));
}
