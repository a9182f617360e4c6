import type { PlatformModule } from '../module';
import { notificationsRoutes } from './notifications.routes';
import {
  createNotificationsService,
  type NotificationsDependencies,
  type NotificationsService,
} from './notifications.service';

/** What creators are told of their entries and payments: the feed, email and push, and their choices. */
export function notificationsModule(
  dependencies: NotificationsDependencies,
): PlatformModule<NotificationsService> {
  const service = createNotificationsService(dependencies);
  return { name: 'notifications', service, routes: notificationsRoutes(service) };
}
