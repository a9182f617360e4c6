import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { endSession } from '../../../lib/session-refresh';

export function signOut(): Promise<void> {
  return apiFetch<void>('/api/auth/sign-out', { method: 'POST', authenticated: true });
}

/** Signs out on the server and, whatever it answers, forgets the session here. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      endSession();
      queryClient.clear();
    },
  });
}
