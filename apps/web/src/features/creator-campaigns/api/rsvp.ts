import type { CreatorInvitation, Rsvp, RsvpAnswerBody } from '@platform/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { creatorCampaignsQueryKey } from './paths';

const RSVP_PATH = '/server-api/campaigns/rsvp';

const rsvpQueryKey = (campaignId: string) => [...creatorCampaignsQueryKey, 'rsvp', campaignId] as const;
const invitationsQueryKey = [...creatorCampaignsQueryKey, 'invitations'] as const;

/** The creator's RSVP to a campaign, or null when they have none (SPEC §7: POST …/rsvp/search). */
export function useMyRsvp(campaignId: string, creatorId: string) {
  return useQuery({
    queryKey: rsvpQueryKey(campaignId),
    queryFn: async ({ signal }) => {
      const found = await apiFetch<{ data: Rsvp[] }>(`${RSVP_PATH}/search`, {
        method: 'POST',
        body: { campaignId, creatorId },
        signal,
      });
      return found.data[0] ?? null;
    },
  });
}

/** The invitations the creator can still answer. */
export function useInvitations() {
  return useQuery({
    queryKey: invitationsQueryKey,
    queryFn: ({ signal }) => apiFetch<{ data: CreatorInvitation[] }>(`${RSVP_PATH}/invitations`, { signal }),
    select: (answer) => answer.data,
  });
}

/** Keeps the campaign's RSVP as the server answered it, and the invitations list fresh. */
function useRsvpWrite<Input>(write: (input: Input) => Promise<Rsvp>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (rsvp) => {
      queryClient.setQueryData(rsvpQueryKey(rsvp.campaignId), rsvp);
      void queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}

/** Joins a CHALLENGE campaign (SPEC §7: POST /server-api/campaigns/rsvp). */
export function useJoinCampaign() {
  return useRsvpWrite((body: { campaignId: string; creatorId: string }) =>
    idempotentWrite<Rsvp>(RSVP_PATH, { method: 'POST', body }),
  );
}

/** Accepts or declines an invitation (SPEC §7: PATCH /server-api/campaigns/rsvp/{id}). */
export function useAnswerInvitation() {
  return useRsvpWrite(({ id, ...body }: RsvpAnswerBody & { id: string }) =>
    idempotentWrite<Rsvp>(`${RSVP_PATH}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  );
}
