import type { Notification, NotificationFeed, UnreadCount } from '@platform/shared';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationFeedQueryKey, notificationsPath, unreadCountQueryKey } from './paths';

/** The feed as the query cache holds it: the pages read so far, each asked for by the cursor before it. */
export type NotificationFeedPages = InfiniteData<NotificationFeed, string | null>;

export function getNotificationFeed(before: string | null, signal?: AbortSignal) {
  const query = before === null ? '' : `?${new URLSearchParams({ before }).toString()}`;
  return apiFetch<NotificationFeed>(`${notificationsPath}${query}`, { signal });
}

/**
 * The creator's notifications, newest first, a page at a time (GET /server-api/notifications?before=…).
 * Each page carries the unread count too, which the badge then shows without asking again.
 */
export function useNotificationFeed() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationFeedQueryKey,
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotificationFeed(pageParam, signal);
      queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, { unreadCount: page.unreadCount });
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Changes the cached feed's notifications that `matches` picks; the rest stay as they are. */
export function updateCachedNotifications(
  queryClient: QueryClient,
  matches: (notification: Notification) => boolean,
  change: (notification: Notification) => Notification,
) {
  queryClient.setQueryData<NotificationFeedPages>(notificationFeedQueryKey, (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({
            ...page,
            items: page.items.map((notification) =>
              matches(notification) ? change(notification) : notification,
            ),
          })),
        }
      : feed,
  );
}

/** The cached notification with this id, if the feed has read it. */
export function findCachedNotification(queryClient: QueryClient, id: string): Notification | undefined {
  const feed = queryClient.getQueryData<NotificationFeedPages>(notificationFeedQueryKey);
  return feed?.pages.flatMap((page) => page.items).find((notification) => notification.id === id);
}
