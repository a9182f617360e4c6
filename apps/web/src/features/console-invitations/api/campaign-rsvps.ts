import type { CampaignRsvp, Paged, Rsvp, StaffRsvpMove } from '@platform/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { campaignPath, campaignsQueryKey } from '../../../lib/campaign-api-paths';

const rsvpsQueryKey = (campaignId: string) => [...campaignsQueryKey, 'rsvps', campaignId] as const;

/** A page of the campaign's creators: who joined, who is invited and how they answered. */
export function useCampaignRsvps(campaignId: string, page: number) {
  return useQuery({
    queryKey: [...rsvpsQueryKey(campaignId), page],
    queryFn: ({ signal }) =>
      apiFetch<Paged<CampaignRsvp>>(campaignPath(campaignId, `/rsvps?page=${page}`), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Re-invite, withdraw an invitation, or unselect a creator; the list is read again after. */
export function useMoveRsvp(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rsvpId, move }: { rsvpId: string; move: StaffRsvpMove }) =>
      apiFetch<Rsvp>(campaignPath(campaignId, `/rsvps/${encodeURIComponent(rsvpId)}/${move}`), {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rsvpsQueryKey(campaignId) }),
  });
}
