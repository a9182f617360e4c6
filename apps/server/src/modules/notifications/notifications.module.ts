import { defineModule } from '../module';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

declare module '../module' {
  interface ModuleServices {
    notifications: NotificationsService;
  }
}

/** What creators are told of their entries and payments: the feed, email and push, and their choices. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['email', 'auth', 'creator', 'teams', 'territories'],
  build({ db, clock, logger, push, config }, { email, auth, creator, teams, territories }) {
    const service = createNotificationsService({
      db,
      clock,
      logger,
      emailService: email,
      authService: auth,
      creatorService: creator,
      teamsService: teams,
      territoriesService: territories,
      push,
      publicUrl: config.publicUrl,
    });
    return { service, routes: notificationsRoutes(service) };
  },
});
