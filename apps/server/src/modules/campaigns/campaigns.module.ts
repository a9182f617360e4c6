import { defineModule } from '../module';
import { createCampaignFiles } from './campaign-files';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService, type CampaignsService } from './campaigns.service';

declare module '../module' {
  interface ModuleServices {
    campaigns: CampaignsService;
  }
}

/** Campaigns from a marketer's first draft to their end, and the creator's view of them. */
export const campaignsModule = defineModule({
  name: 'campaigns',
  needs: ['audit', 'teams', 'territories', 'creator', 'notifications'],
  build(platform, { audit, teams, territories, creator, notifications }) {
    const dependencies = {
      db: platform.db,
      clock: platform.clock,
      audit,
      teamsService: teams,
      territoriesService: territories,
      creatorService: creator,
      storage: platform.storage,
      scanner: platform.scanner,
      funding: platform.funding,
      staffNotifier: notifications.notifyStaff,
      creatorNotifier: notifications.notify,
    };
    const service = createCampaignsService(dependencies);
    const files = createCampaignFiles(dependencies);
    return { service, routes: campaignsRoutes(service, files, teams) };
  },
});
