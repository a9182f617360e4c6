import type { PushMessage } from '../../../adapters/push/push-sender';
import type { NotificationsContext } from '../notifications.context';
import { notificationsRepository as repository } from '../notifications.repository';
import { plural, PUSH_BATCH_SIZE, PUSH_CLAIM_SECONDS, PUSH_NOTES } from '../notification-facts';
import { deliver, describeDelivery, sendToDevices, type DeviceSends } from '../push-delivery';

/** The push job: sends every due push once; returns how many were handled. */
export async function deliverPendingPushes(context: NotificationsContext): Promise<number> {
  const { db, clock, logger } = context;
  const batch = await repository.claimDuePushes(db, clock.now(), PUSH_BATCH_SIZE, PUSH_CLAIM_SECONDS);
  const outcomes = await Promise.allSettled(batch.map((row) => deliver(context, row)));
  // A push whose outcome could not be recorded is due again when its claim ends.
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      logger.error({ err: outcome.reason }, 'recording a notification’s push failed');
    }
  }
  return batch.length;
}

/**
 * Pushes one message to the creator's devices now, once, and writes no feed row: for what staff send a
 * creator beside the events of SPEC §4 (an onboarding reminder), which the feed does not list. Dead
 * devices are forgotten as the push job forgets them; a provider that cannot take it now is not asked
 * again, and the answer says so.
 */
export async function pushNow(
  context: NotificationsContext,
  accountId: string,
  message: PushMessage,
): Promise<{ sent: number; note: string }> {
  const { push, creatorService, logger } = context;
  if (push.name === 'none') return { sent: 0, note: PUSH_NOTES.notConfigured };
  const tokens = await creatorService.pushDeviceTokens(accountId);
  if (tokens.length === 0) return { sent: 0, note: PUSH_NOTES.noDevice };
  const sends: DeviceSends = { sent: 0, forgotten: 0, skippedNote: undefined };
  try {
    await sendToDevices(context, accountId, tokens, message, sends);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ accountId, error: reason }, 'a push sent at once could not be delivered');
    const reached = sends.sent > 0 ? ` after reaching ${plural(sends.sent, 'device')}` : '';
    return { sent: sends.sent, note: `The push provider could not take it${reached}: ${reason}` };
  }
  return {
    sent: sends.sent,
    note: describeDelivery(sends.sent, sends.forgotten, sends.skippedNote).pushNote,
  };
}
