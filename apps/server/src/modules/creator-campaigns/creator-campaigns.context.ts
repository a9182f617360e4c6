import type { CampaignsService } from '../campaigns/campaigns.service';
import type { EntriesService } from '../entries/entries.service';

/**
 * The creator's campaign cards read campaigns and count entries; entries sit above campaigns, so the
 * cards are read here, above both, rather than campaigns asking the module that depends on it.
 */
export type CreatorCampaignsContext = {
  campaignsService: Pick<CampaignsService, 'creatorList' | 'creatorGet'>;
  entriesService: Pick<EntriesService, 'countOf'>;
};
