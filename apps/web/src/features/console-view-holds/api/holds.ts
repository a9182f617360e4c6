import type { HeldEntry, HoldAcceptBody, HoldExcludeBody, HoldQueue, HoldRejectBody } from '@platform/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { holdsPath, holdsQueryKey } from './paths';

export type HoldQueueStatus = 'open' | 'decided';

/** One page of the holds: open ones by money at stake, highest first; decided ones newest first. */
export function useHoldQueue(status: HoldQueueStatus, page: number) {
  return useQuery({
    queryKey: [...holdsQueryKey, 'list', status, page],
    queryFn: ({ signal }) =>
      apiFetch<HoldQueue>(
        `${holdsPath()}?${new URLSearchParams({ status, page: String(page) }).toString()}`,
        {
          signal,
        },
      ),
    placeholderData: (previous) => previous,
  });
}

/** One hold with its signals, figures, appeal and decision. */
export function useHold(id: string) {
  return useQuery({
    queryKey: [...holdsQueryKey, 'detail', id],
    queryFn: ({ signal }) => apiFetch<HeldEntry>(holdsPath(`/${encodeURIComponent(id)}`), { signal }),
    // The appeal's recording is behind a short-lived link: a hold opened again is read again.
    staleTime: 0,
  });
}

export type HoldDecision =
  | { move: 'accept'; body: HoldAcceptBody }
  | { move: 'exclude'; body: HoldExcludeBody }
  | { move: 'reject'; body: HoldRejectBody };

/** Accepts the figures, takes a window of views off them, or rejects the entry. */
export function useDecideHold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: HoldDecision) =>
      apiFetch<HeldEntry>(holdsPath(`/${encodeURIComponent(id)}/${decision.move}`), {
        method: 'POST',
        body: decision.body,
      }),
    onSuccess: (decided) => queryClient.setQueryData([...holdsQueryKey, 'detail', id], decided),
    // A 409 (decided by someone else first) also means the lists and this hold are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: holdsQueryKey }),
  });
}
