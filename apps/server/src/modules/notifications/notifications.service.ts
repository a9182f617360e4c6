import { bindUseCases } from '../use-cases';
import type { NotificationsContext, NotificationsDependencies } from './notifications.context';
import { notifyCreator } from './use-cases/notify-creator';
import { notifyStaff } from './use-cases/notify-staff';
import { getPreferences, setPreferences } from './use-cases/preferences';
import { deliverPendingPushes, pushNow } from './use-cases/push-notifications';
import { getFeed, getUnreadCount, markAllRead, markRead } from './use-cases/read-feed';
import { sendEntriesDigests } from './use-cases/send-entries-digests';

export type { NotificationsDependencies } from './notifications.context';
export {
  ENTRIES_DIGEST_PERIOD_MS,
  FEED_MESSAGES,
  PREFERENCE_MESSAGES,
  PUSH_MAX_ATTEMPTS,
  PUSH_NOTES,
  pushRetryDelaySeconds,
  type CampaignReach,
  type NotifyInput,
  type StaffNotifyInput,
  type StaffWork,
  type WaitingEntries,
} from './notification-facts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The creator's notifications (SPEC §4): every event reaches their feed; email and push as they chose.
 * All three are written in the transaction of the change that causes them, so a change that rolls back
 * tells no one; the push job sends pushes afterwards, with retries. Staff are told the same way of the
 * work a change leaves them (ADR 031).
 */
export function createNotificationsService(dependencies: NotificationsDependencies) {
  const context: NotificationsContext = dependencies;
  return bindUseCases(context, {
    notify: notifyCreator,
    notifyStaff,
    sendEntriesDigests,
    feed: getFeed,
    unreadCount: getUnreadCount,
    markRead,
    markAllRead,
    preferences: getPreferences,
    setPreferences,
    deliverPendingPushes,
    pushNow,
  });
}
