import { INVITATION_MESSAGES, type InvitationDetails } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';

/** What the link leads to: the invitation, or why it cannot be used. */
export type InvitationCheck =
  | { status: 'usable'; invitation: InvitationDetails }
  | { status: 'expired' | 'used' | 'invalid' | 'unreachable'; message: string };

export async function checkInvitation(token: string, signal?: AbortSignal): Promise<InvitationCheck> {
  try {
    const invitation = await apiFetch<InvitationDetails>(
      `/api/staff/invitation?token=${encodeURIComponent(token)}`,
      { signal },
    );
    return { status: 'usable', invitation };
  } catch (error) {
    if (!isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 429) {
      const message = isApiError(error) && error.status === 429 ? error.message : '';
      return { status: 'unreachable', message };
    }
    if (error.status === 410) return { status: 'expired', message: error.message };
    if (error.status === 409) return { status: 'used', message: error.message };
    return {
      status: 'invalid',
      message: error.status === 400 ? error.message : INVITATION_MESSAGES.linkInvalid,
    };
  }
}

export function useInvitationCheck(token: string) {
  return useQuery({
    queryKey: ['staff', 'invitation', token],
    queryFn: ({ signal }) => checkInvitation(token, signal),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
