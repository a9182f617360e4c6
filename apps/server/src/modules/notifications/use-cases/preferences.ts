import {
  DEFAULT_NOTIFICATION_CHOICE,
  notificationAudienceOf,
  notificationEventsFor,
  type AccountRole,
  type NotificationChoice,
  type NotificationEvent,
  type NotificationPreferences,
  type NotificationPreferencesBody,
} from '@platform/shared';
import { errors } from '../../../errors';
import type { NotificationsContext } from '../notifications.context';
import { notificationsRepository as repository } from '../notifications.repository';
import { audienceOfRole, PREFERENCE_MESSAGES } from '../notification-facts';

/** Every event of the person's audience with their channels, the default where they have not chosen. */
export async function getPreferences(
  { db, push }: NotificationsContext,
  accountId: string,
  role: AccountRole,
): Promise<NotificationPreferences> {
  const audience = audienceOfRole(role);
  const rows = new Map((await repository.choicesOf(db, accountId)).map((row) => [row.event, row]));
  const choices: NotificationChoice[] = notificationEventsFor(audience).map((event) => {
    const row = rows.get(event);
    return { event, ...(row ? { email: row.email, push: row.push } : DEFAULT_NOTIFICATION_CHOICE) };
  });
  return { audience, choices, pushAvailable: audience === 'creator' && push.name !== 'none' };
}

/**
 * Keeps the choices for the events named; the others stay as they were. No event, one named twice, or
 * one of the other audience's (a creator choosing a staff kind) is a 400 (SPEC §5: a list needs at
 * least one item).
 */
export async function setPreferences(
  context: NotificationsContext,
  accountId: string,
  role: AccountRole,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  if (body.choices.length === 0) {
    throw errors.validation([{ field: 'choices', message: PREFERENCE_MESSAGES.none }]);
  }
  const audience = audienceOfRole(role);
  const seen = new Set<NotificationEvent>();
  const problems = body.choices.flatMap((choice, index): { field: string; message: string }[] => {
    if (notificationAudienceOf(choice.event) !== audience) {
      return [{ field: `choices.${index}.event`, message: PREFERENCE_MESSAGES.unknown }];
    }
    if (!seen.has(choice.event)) {
      seen.add(choice.event);
      return [];
    }
    return [{ field: `choices.${index}.event`, message: PREFERENCE_MESSAGES.repeated }];
  });
  if (problems.length > 0) throw errors.validation(problems);
  await repository.saveChoices(context.db, accountId, body.choices);
  return getPreferences(context, accountId, role);
}
