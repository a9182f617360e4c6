import { bindUseCases } from '../use-cases';
import type { CreatorCampaignsContext } from './creator-campaigns.context';
import { getCreatorCampaignDetail } from './use-cases/get-creator-campaign-detail';
import { listCreatorCampaignCards } from './use-cases/list-creator-campaign-cards';

export type CreatorCampaignsService = ReturnType<typeof createCreatorCampaignsService>;

/** The campaigns as a creator reads them: cards and details with how many entries each has. */
export function createCreatorCampaignsService(context: CreatorCampaignsContext) {
  return bindUseCases(context, { list: listCreatorCampaignCards, get: getCreatorCampaignDetail });
}
