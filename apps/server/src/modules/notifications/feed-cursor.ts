import { isUuid, type Notification } from '@platform/shared';
import { errors } from '../../errors';
import type { FeedPosition, NotificationRow } from './notifications.repository';
import { FEED_MESSAGES } from './notification-facts';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  event: row.event,
  title: row.title,
  body: row.body,
  link: row.link,
  campaignId: row.campaignId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

export const encodeCursor = (row: FeedPosition): string =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

/** The position a cursor stands for, or a 400 on `before` for anything this server did not hand out. */
export function decodeCursor(cursor: string): FeedPosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (rest.length > 0 || !id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw errors.validation([{ field: 'before', message: FEED_MESSAGES.unknownCursor }]);
  }
  return { createdAt, id };
}
