import { defineModule } from '../module';
import { creatorsConsoleRoutes } from './creators-console.routes';
import { createCreatorsConsoleService, type CreatorsConsoleService } from './creators-console.service';

declare module '../module' {
  interface ModuleServices {
    'creators-console': CreatorsConsoleService;
  }
}

/** The console's view of creators: search, their details, what they take part in and are paid. */
export const creatorsConsoleModule = defineModule({
  name: 'creators-console',
  needs: [
    'audit',
    'auth',
    'creator',
    'email',
    'territories',
    'lookups',
    'payments',
    'rsvps',
    'entries',
    'campaigns',
    'notifications',
    'handle-verification',
  ],
  build(platform, services) {
    const creatorsConsole = createCreatorsConsoleService({
      db: platform.db,
      clock: platform.clock,
      audit: services.audit,
      authService: services.auth,
      creatorService: services.creator,
      emailService: services.email,
      territoriesService: services.territories,
      lookupsService: services.lookups,
      publicUrl: platform.config.publicUrl,
      paymentsService: services.payments,
      rsvpsService: services.rsvps,
      entriesService: services.entries,
      campaignsService: services.campaigns,
      notificationsService: services.notifications,
      handleVerificationService: services['handle-verification'],
    });
    services.lookups.registerUsage(
      'audience-cluster',
      async (ids) => new Set(await creatorsConsole.audienceClustersInUse(ids)),
    );
    return { service: creatorsConsole, routes: creatorsConsoleRoutes(creatorsConsole) };
  },
});
