import type { UnreadCount } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { NotificationFeedPages } from './get-feed';
import { updateCachedNotifications } from './get-feed';
import { keepUnreadCount } from './get-unread-count';
import { notificationFeedQueryKey, notificationsPath, unreadCountQueryKey } from './paths';

/**
 * Marks every notification read (POST /server-api/notifications/read-all). The feed and the badge clear at
 * once; a refusal brings back what they showed before.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<UnreadCount>(`${notificationsPath}/read-all`, { method: 'POST' }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: unreadCountQueryKey });
      await queryClient.cancelQueries({ queryKey: notificationFeedQueryKey });
      const previous = {
        feed: queryClient.getQueryData<NotificationFeedPages>(notificationFeedQueryKey),
        count: queryClient.getQueryData<UnreadCount>(unreadCountQueryKey),
      };
      const readAt = new Date().toISOString();
      updateCachedNotifications(
        queryClient,
        (notification) => notification.readAt === null,
        (notification) => ({ ...notification, readAt }),
      );
      keepUnreadCount(queryClient, { unreadCount: 0 });
      return previous;
    },
    onError: (_error, _variables, previous) => {
      if (!previous) return;
      queryClient.setQueryData(notificationFeedQueryKey, previous.feed);
      queryClient.setQueryData(unreadCountQueryKey, previous.count);
    },
    onSuccess: (answer) => {
      keepUnreadCount(queryClient, answer);
      // Something came in while the request ran: the feed shows it.
      if (answer.unreadCount > 0) void queryClient.invalidateQueries({ queryKey: notificationFeedQueryKey });
    },
  });
}
