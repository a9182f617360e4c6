import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { CampaignsService } from '../campaigns/campaigns.service';
import type { CreatorService } from '../creator/creator.service';
import type { PaymentsService } from '../payments/payments.service';

/** What every report use case runs with. */
export type ReportsContext = {
  db: Database;
  clock: Clock;
  campaignsService: Pick<
    CampaignsService,
    'staffCampaignFacts' | 'rewardTerms' | 'campaignFactsById' | 'list'
  >;
  paymentsService: Pick<PaymentsService, 'campaignLedger' | 'campaignCommittedByDay'>;
  creatorService: Pick<CreatorService, 'withCreators'>;
};
