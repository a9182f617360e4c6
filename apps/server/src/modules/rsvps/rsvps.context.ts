import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';

/** What every RSVP use case runs with. */
export type RsvpsContext = {
  db: Database;
  clock: Clock;
  audit: AuditService;
  campaignsService: Pick<CampaignsService, 'creatorCampaignFacts' | 'staffCampaignFacts' | 'creatorCoverage'>;
  creatorService: Pick<CreatorService, 'handleOn' | 'withCreators' | 'searchEligible'>;
};
