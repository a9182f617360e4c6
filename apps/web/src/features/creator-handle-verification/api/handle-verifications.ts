import type { CreatorPlatform, HandleVerification, HandleVerificationList } from '@platform/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { handleVerificationsPath, handleVerificationsQueryKey, platformHandlePath } from './paths';

/** The creator's handles: verified or not, the latest attempt, and the ways this install offers. */
export function useHandleVerifications() {
  return useQuery({
    queryKey: handleVerificationsQueryKey,
    queryFn: ({ signal }) => apiFetch<HandleVerificationList>(handleVerificationsPath(), { signal }),
  });
}

/** Puts one handle's new state, as a write answered it, in place of the one shown. */
export function keepHandle(queryClient: QueryClient, changed: HandleVerification): void {
  queryClient.setQueryData<HandleVerificationList>(handleVerificationsQueryKey, (list) =>
    list
      ? {
          items: list.items.map((item) => (item.platform === changed.platform ? changed : item)),
        }
      : list,
  );
}

/** A write about one platform's handle whose answer is the handle as it now stands. */
function useHandleWrite(rest: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: CreatorPlatform) =>
      apiFetch<HandleVerification>(platformHandlePath(platform, rest), { method: 'POST' }),
    onSuccess: (changed) => keepHandle(queryClient, changed),
  });
}

/** A new code to place in the bio; any earlier one stops working. */
export const useStartBioCode = () => useHandleWrite('/bio-code');

/** Asks the platform for the bio: with the code in it, the handle is verified. */
export const useCheckBioCode = () => useHandleWrite('/bio-code/check');
