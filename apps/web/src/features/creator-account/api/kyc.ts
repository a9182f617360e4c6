import type { KycApplicationResponse, KycSdkConfig } from '@platform/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { creatorInfoQueryOptions } from './get-creator-info';
import { creatorPath, creatorQueryKey } from './paths';

export function getKycConfig(signal?: AbortSignal): Promise<KycSdkConfig> {
  return apiFetch<KycSdkConfig>(creatorPath('/kyc-sdk-config'), { signal });
}

export const kycConfigQueryOptions = () =>
  queryOptions({
    queryKey: [...creatorQueryKey, 'kyc-config'],
    queryFn: ({ signal }) => getKycConfig(signal),
    // Upload URLs expire after 15 minutes: a fresh set before they do.
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
  });

/** The identity check's set-up, while the creator has one to do (not while they wait for its answer). */
export const useKycConfig = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...kycConfigQueryOptions(), enabled });

/**
 * Submits the identity check. A 422 means it was submitted already (another tab, a retry): the app
 * carries on as if this one had worked (SPEC §7), and reads where the creator now stands.
 */
export async function submitKyc(): Promise<KycApplicationResponse | null> {
  try {
    return await apiFetch<KycApplicationResponse>(creatorPath('/create-kyc-application'));
  } catch (error) {
    if (isApiError(error) && error.status === 422 && error.details.length === 0) return null;
    throw error;
  }
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries(creatorInfoQueryOptions()),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  });
}
