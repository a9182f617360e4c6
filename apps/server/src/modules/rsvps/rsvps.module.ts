import { defineModule } from '../module';
import { rsvpsRoutes } from './rsvps.routes';
import { createRsvpsService, type RsvpsService } from './rsvps.service';

declare module '../module' {
  interface ModuleServices {
    rsvps: RsvpsService;
  }
}

/** Who takes part in which campaign: creators joining and answering invitations, staff inviting. */
export const rsvpsModule = defineModule({
  name: 'rsvps',
  needs: ['audit', 'campaigns', 'creator'],
  build({ db, clock }, { audit, campaigns, creator }) {
    const service = createRsvpsService({
      db,
      clock,
      audit,
      campaignsService: campaigns,
      creatorService: creator,
    });
    return { service, routes: rsvpsRoutes(service) };
  },
});
