import type { EligibleCreator, Paged, Rsvp } from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

/** A page of the creators the campaign may invite, found by name or handle. */
export function useEligibleCreators(campaignId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'eligible-creators', campaignId, search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ pageSize: '50', ...(search ? { search } : {}) });
      return apiFetch<Paged<EligibleCreator>>(
        campaignPath(campaignId, `/eligible-creators?${query.toString()}`),
        {
          signal,
        },
      );
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Invites creators to a BESPOKE campaign; its list of creators is read again after. */
export function useInviteCreators(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (creatorIds: string[]) =>
      idempotentWrite<{ invited: Rsvp[] }>(campaignPath(campaignId, '/invitations'), {
        method: 'POST',
        body: { creatorIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'rsvps', campaignId] }),
  });
}
