import { defineModule } from '../module';
import { entriesRoutes } from './entries.routes';
import { createEntriesService, type EntriesService } from './entries.service';

declare module '../module' {
  interface ModuleServices {
    entries: EntriesService;
  }
}

/** Creators' entries to campaigns, and staff reviewing them. */
export const entriesModule = defineModule({
  name: 'entries',
  needs: ['audit', 'campaigns', 'rsvps', 'creator', 'notifications', 'handle-verification'],
  build(
    platform,
    { audit, campaigns, rsvps, creator, notifications, 'handle-verification': handleVerification },
  ) {
    const service = createEntriesService({
      db: platform.db,
      clock: platform.clock,
      audit,
      campaignsService: campaigns,
      rsvpsService: rsvps,
      creatorService: creator,
      shortLinks: platform.shortLinks,
      previews: platform.postPreviews,
      postFacts: platform.postFacts,
      handleVerification,
      storage: platform.storage,
      scanner: platform.scanner,
      writeLimits: platform.config.entryWrites,
      notifications,
    });
    return { service, routes: entriesRoutes(service) };
  },
});
