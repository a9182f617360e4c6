import type { CreatorPlatform, HandleVerification } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { handleVerificationsPath, handleVerificationsQueryKey, platformHandlePath } from './paths';

/** Where to send the creator to connect the account on the platform itself. */
export function startOAuth(platform: CreatorPlatform) {
  return apiFetch<{ authorizationUrl: string }>(platformHandlePath(platform, '/oauth/start'), {
    method: 'POST',
  });
}

export const useStartOAuth = () => useMutation({ mutationFn: startOAuth });

/** The code and state the platform sent the creator back with: the account is connected. */
export function useFinishOAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      apiFetch<HandleVerification>(handleVerificationsPath('/oauth/finish'), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handleVerificationsQueryKey }),
  });
}
