import type { AcceptInvitationBody, MessageResponse } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function acceptInvitation(body: AcceptInvitationBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/staff/accept-invitation', { method: 'POST', body });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
