import { isUuid, NOTIFICATION_PAGE_SIZE, type NotificationFeed, type UnreadCount } from '@platform/shared';
import { errors } from '../../../errors';
import { decodeCursor, encodeCursor, toNotification } from '../feed-cursor';
import type { NotificationsContext } from '../notifications.context';
import { notificationsRepository as repository } from '../notifications.repository';

/** A page of the person's feed, newest first, after `before` (a cursor this feed handed out). */
export async function getFeed(
  { db }: NotificationsContext,
  accountId: string,
  before?: string,
): Promise<NotificationFeed> {
  const after = before ? decodeCursor(before) : null;
  const rows = await repository.page(db, accountId, after, NOTIFICATION_PAGE_SIZE + 1);
  const items = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items: items.map(toNotification),
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE && last ? encodeCursor(last) : null,
    unreadCount: await repository.unreadCount(db, accountId),
  };
}

export const getUnreadCount = async (
  { db }: NotificationsContext,
  accountId: string,
): Promise<UnreadCount> => ({
  unreadCount: await repository.unreadCount(db, accountId),
});

/** Marks one of the person's notifications read; anyone else's, or no such id, is a 404. */
export async function markRead(
  context: NotificationsContext,
  accountId: string,
  id: string,
): Promise<UnreadCount> {
  if (!isUuid(id) || !(await repository.markRead(context.db, accountId, id, context.clock.now()))) {
    throw errors.notFound();
  }
  return getUnreadCount(context, accountId);
}

export async function markAllRead(
  { db, clock }: NotificationsContext,
  accountId: string,
): Promise<UnreadCount> {
  await repository.markAllRead(db, accountId, clock.now());
  return { unreadCount: 0 };
}
