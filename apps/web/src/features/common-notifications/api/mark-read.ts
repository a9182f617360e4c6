import type { UnreadCount } from '@platform/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { findCachedNotification, updateCachedNotifications } from './get-feed';
import { keepUnreadCount, shiftUnreadCount } from './get-unread-count';
import { notificationFeedQueryKey, notificationsPath, unreadCountQueryKey } from './paths';

/**
 * Marks one notification read (POST /server-api/notifications/{id}/read). The feed and the badge change
 * at once, since the creator is usually on their way to the notification's page; a refusal puts the
 * notification back as unread.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<UnreadCount>(`${notificationsPath}/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: async (id) => {
      // A read already on its way would answer with the notification still unread.
      await queryClient.cancelQueries({ queryKey: unreadCountQueryKey });
      await queryClient.cancelQueries({ queryKey: notificationFeedQueryKey });
      const wasUnread = findCachedNotification(queryClient, id)?.readAt === null;
      if (wasUnread) {
        const readAt = new Date().toISOString();
        updateCachedNotifications(
          queryClient,
          (notification) => notification.id === id,
          (notification) => ({ ...notification, readAt }),
        );
        shiftUnreadCount(queryClient, -1);
      }
      return { wasUnread };
    },
    onError: (_error, id, context) => {
      if (!context?.wasUnread) return;
      updateCachedNotifications(
        queryClient,
        (notification) => notification.id === id,
        (notification) => ({ ...notification, readAt: null }),
      );
      shiftUnreadCount(queryClient, 1);
    },
    onSuccess: (answer) => keepUnreadCount(queryClient, answer),
  });
}
