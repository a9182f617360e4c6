import type { UnreadCount } from '@platform/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { unreadCountPath, unreadCountQueryKey } from './paths';

/** How often an open page asks whether something new came in; a hidden tab does not ask. */
export const UNREAD_COUNT_POLL_MS = 30_000;

// Coming back to the tab asks again unless the count was read this recently (by the poll, the feed or
// marking read), so that switching back and forth does not send a request each time.
const UNREAD_COUNT_FRESH_MS = 5_000;

/** How many of the creator's notifications are unread (GET /server-api/notifications/unread-count). */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => apiFetch<UnreadCount>(unreadCountPath, { signal }),
    select: (answer) => answer.unreadCount,
    refetchInterval: UNREAD_COUNT_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: UNREAD_COUNT_FRESH_MS,
  });
}

/** Keeps the count the server answered a write with, so the badge needs no second request. */
export function keepUnreadCount(queryClient: QueryClient, answer: UnreadCount) {
  queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, answer);
}

/** Moves the cached count by `change` before the server has answered, never below zero. */
export function shiftUnreadCount(queryClient: QueryClient, change: number) {
  queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (count) =>
    count ? { unreadCount: Math.max(0, count.unreadCount + change) } : count,
  );
}
