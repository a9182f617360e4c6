import type { CreatorInfo } from '@platform/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { creatorPath, creatorQueryKey } from './paths';

export function getCreatorInfo(signal?: AbortSignal): Promise<CreatorInfo> {
  return apiFetch<CreatorInfo>(creatorPath('/get-info'), { signal });
}

export const creatorInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...creatorQueryKey, 'info'],
    queryFn: ({ signal }) => getCreatorInfo(signal),
  });

/**
 * The creator's account. While an identity check is with Support or a payout wallet is being set up, it
 * is read again every 15 seconds, so the next step opens by itself.
 */
export function useCreatorInfo() {
  return useQuery({
    ...creatorInfoQueryOptions(),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'KYC_CHECK' || status === 'WALLET_CREATION_FAILED' ? 15_000 : false;
    },
  });
}
