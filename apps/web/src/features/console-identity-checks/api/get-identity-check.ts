import type { KycReviewDetail } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { identityChecksPath, identityChecksQueryKey } from './paths';

/** How long the server's signed file URLs work (five minutes), less a margin for a slow click. */
export const FILE_URL_FRESH_MS = 4 * 60_000;

export function getIdentityCheck(id: string, signal?: AbortSignal): Promise<KycReviewDetail> {
  return apiFetch<KycReviewDetail>(identityChecksPath(`/${encodeURIComponent(id)}`), { signal });
}

export const identityCheckQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...identityChecksQueryKey, 'detail', id],
    queryFn: ({ signal }) => getIdentityCheck(id, signal),
    // The file URLs in the answer expire: a check opened again is read again, never served from an old copy.
    staleTime: 0,
  });

export function useIdentityCheck(id: string) {
  return useQuery(identityCheckQueryOptions(id));
}
