import type { PlatformModule } from '../module';
import { createCampaignFiles } from './campaign-files';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService, type CampaignsService } from './campaigns.service';

/** Campaigns from a marketer's first draft to their end, and the creator's view of them. */
export function campaignsModule(
  dependencies: Parameters<typeof createCampaignsService>[0],
): PlatformModule<CampaignsService> {
  const service = createCampaignsService(dependencies);
  const files = createCampaignFiles(dependencies);
  return { name: 'campaigns', service, routes: campaignsRoutes(service, files, dependencies.teamsService) };
}
