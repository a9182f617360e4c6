import type { NotificationPreferences, NotificationPreferencesBody } from '@platform/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationPreferencesPath, notificationPreferencesQueryKey } from './paths';

/** Which events reach the creator by email and by push (GET /server-api/notifications/preferences). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => apiFetch<NotificationPreferences>(notificationPreferencesPath, { signal }),
  });
}

/** Saves the creator's choices (PUT /server-api/notifications/preferences); the answer is what now holds. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      apiFetch<NotificationPreferences>(notificationPreferencesPath, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryKey, saved),
  });
}
