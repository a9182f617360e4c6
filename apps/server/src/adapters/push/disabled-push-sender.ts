import type { PushSender } from './push-sender';

export const PUSH_NOT_CONFIGURED_NOTE =
  'Push notifications are not configured on this server (no FCM service account): the device token was ' +
  'stored without being checked, and no notifications will be pushed to it.';
export const PUSH_SKIPPED_NOTE =
  'Push notifications are not configured on this server (no FCM service account): nothing was sent.';

/** The default when no FCM service account is configured: it says so rather than pretending to push. */
export function createDisabledPushSender(): PushSender {
  return {
    name: 'none',
    async registerDevice() {
      return { provider: 'none', accepted: true, note: PUSH_NOT_CONFIGURED_NOTE };
    },
    async send() {
      return { outcome: 'skipped', note: PUSH_SKIPPED_NOTE };
    },
  };
}
