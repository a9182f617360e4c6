import { defineModule } from '../module';
import { creatorCampaignsRoutes } from './creator-campaigns.routes';
import { createCreatorCampaignsService, type CreatorCampaignsService } from './creator-campaigns.service';

declare module '../module' {
  interface ModuleServices {
    'creator-campaigns': CreatorCampaignsService;
  }
}

/**
 * The creator's campaign list and campaign page: campaigns' cards with their entries counted and what is
 * left of their budget.
 */
export const creatorCampaignsModule = defineModule({
  name: 'creator-campaigns',
  needs: ['campaigns', 'entries', 'payments'],
  build(_platform, { campaigns, entries, payments }) {
    const service = createCreatorCampaignsService({
      campaignsService: campaigns,
      entriesService: entries,
      paymentsService: payments,
    });
    return { service, routes: creatorCampaignsRoutes(service) };
  },
});
