import type { PushMessage } from '../../adapters/push/push-sender';
import { PushRejected, PushUnavailable } from '../../adapters/push/push-sender';
import type { NotificationsContext } from './notifications.context';
import { notificationsRepository as repository, type NotificationRow } from './notifications.repository';
import { plural, PUSH_MAX_ATTEMPTS, PUSH_NOTES, pushRetryDelaySeconds } from './notification-facts';

/** What became of the sends to every device, once each has answered. */
export function describeDelivery(sent: number, forgotten: number, skippedNote: string | undefined) {
  const gone = forgotten > 0 ? ` ${plural(forgotten, 'dead device token')} forgotten.` : '';
  if (sent > 0) return { pushState: 'SENT' as const, pushNote: `Sent to ${plural(sent, 'device')}.${gone}` };
  if (skippedNote) return { pushState: 'SKIPPED' as const, pushNote: skippedNote };
  return { pushState: 'SKIPPED' as const, pushNote: PUSH_NOTES.allDevicesGone };
}

/** How many devices a message reached, so far, as it is sent to each token in turn. */
export type DeviceSends = { sent: number; forgotten: number; skippedNote: string | undefined };

/**
 * Sends `message` to each of the creator's `tokens`, forgetting those the provider says are dead. A
 * provider that cannot take it throws, with `sends` counting what was reached before.
 */
export async function sendToDevices(
  { push, creatorService }: NotificationsContext,
  accountId: string,
  tokens: readonly string[],
  message: PushMessage,
  sends: DeviceSends,
): Promise<void> {
  for (const token of tokens) {
    const outcome = await push.send(token, message);
    if (outcome.outcome === 'sent') sends.sent += 1;
    else if (outcome.outcome === 'unregistered') {
      await creatorService.forgetDevice(accountId, token);
      sends.forgotten += 1;
    } else sends.skippedNote = outcome.note ?? PUSH_NOTES.notConfigured;
  }
}

const settle = (
  { db }: NotificationsContext,
  row: NotificationRow,
  outcome: Pick<NotificationRow, 'pushState' | 'pushNote'>,
) => repository.settlePush(db, row, { ...outcome, pushNextAt: null });

async function recordFailure(
  context: NotificationsContext,
  row: NotificationRow,
  error: unknown,
): Promise<void> {
  const { db, clock, logger } = context;
  const reason = error instanceof Error ? error.message : String(error);
  const attempt = row.pushAttempts;
  if (error instanceof PushRejected) {
    logger.warn({ notificationId: row.id, error: reason }, 'the push provider refused a notification');
    await settle(context, row, { pushState: 'FAILED', pushNote: `The push provider refused it: ${reason}` });
    return;
  }
  if (!(error instanceof PushUnavailable)) {
    logger.error({ err: error, notificationId: row.id }, 'pushing a notification failed unexpectedly');
  }
  if (attempt >= PUSH_MAX_ATTEMPTS) {
    logger.warn({ notificationId: row.id, attempt, error: reason }, 'a notification’s push gave up');
    await settle(context, row, {
      pushState: 'FAILED',
      pushNote: `Not sent after ${plural(attempt, 'attempt')}: ${reason}`,
    });
    return;
  }
  // Asking again before the provider's own wait is over would only spend an attempt.
  const providerWait = error instanceof PushUnavailable ? (error.retryAfterSeconds ?? 0) : 0;
  const delaySeconds = Math.max(pushRetryDelaySeconds(attempt), providerWait);
  const retryAt = new Date(clock.now().getTime() + delaySeconds * 1000);
  logger.warn(
    { notificationId: row.id, attempt, error: reason, retryAt },
    'a notification’s push will be tried again',
  );
  await repository.settlePush(db, row, {
    pushState: 'PENDING',
    pushNote: `Attempt ${attempt} failed: ${reason}`,
    pushNextAt: retryAt,
  });
}

/**
 * Sends one claimed push to each of the creator's devices. A provider that cannot take it now means a
 * retry for every device: a device reached before may then get it twice, which is better than none.
 */
export async function deliver(context: NotificationsContext, row: NotificationRow): Promise<void> {
  const tokens = await context.creatorService.pushDeviceTokens(row.accountId);
  if (tokens.length === 0) {
    await settle(context, row, { pushState: 'SKIPPED', pushNote: PUSH_NOTES.noDevice });
    return;
  }
  const message = {
    title: row.title,
    body: row.body,
    data: { notificationId: row.id, event: row.event, ...(row.link ? { link: row.link } : {}) },
  };
  const sends: DeviceSends = { sent: 0, forgotten: 0, skippedNote: undefined };
  try {
    await sendToDevices(context, row.accountId, tokens, message, sends);
  } catch (error) {
    await recordFailure(context, row, error);
    return;
  }
  await settle(context, row, describeDelivery(sends.sent, sends.forgotten, sends.skippedNote));
}
