/** The creator's notifications: `/server-api/notifications`. */
export const notificationsPath = '/server-api/notifications';

export const unreadCountPath = `${notificationsPath}/unread-count`;

export const notificationPreferencesPath = `${notificationsPath}/preferences`;

/** Every cached piece of the creator's notifications starts with this key. */
export const notificationsQueryKey = ['notifications'] as const;

export const notificationFeedQueryKey = [...notificationsQueryKey, 'feed'] as const;

export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

export const notificationPreferencesQueryKey = [...notificationsQueryKey, 'preferences'] as const;
